// Types of proxy.mjs, for the TypeScript callers (the proxy's retry test).

export interface ProxyOptions {
  upstreams: { url: string }[];
  port: number;
  host?: string;
  /** How often each instance's /health and /ready are checked; default 1000 ms. */
  intervalMs?: number;
  /** How long one check waits for an answer before it counts the instance as down; default 1000 ms. */
  checkTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface RunningProxy {
  url: string;
  states(): { url: string; isLive: boolean; isReady: boolean }[];
  /** Checks every instance now instead of waiting for the next interval. */
  checkNow(): Promise<unknown>;
  stop(): Promise<void>;
}

export function startProxy(options: ProxyOptions): Promise<RunningProxy>;
