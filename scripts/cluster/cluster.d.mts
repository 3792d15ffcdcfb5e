// Types of cluster.mjs, for the TypeScript callers (the multi-instance test, the bench suite).

export interface ClusterOptions {
  /** API processes to start; default 2. */
  instances?: number;
  /** The proxy's port (default 3000); instance i listens on port + i (1…N), on 127.0.0.1. */
  port?: number;
  /** Each instance's port, instead of port + 1…N. */
  instancePorts?: number[];
  /** The proxy's interface; default 127.0.0.1. */
  host?: string;
  /** The PostgreSQL database every instance uses; default `databaseName` on postgres@127.0.0.1:5432. */
  databaseUrl?: string;
  /** Created on the local server when databaseUrl is not given; default `caudal_cluster`. */
  databaseName?: string;
  /** Extra environment of every instance (e.g. SEED_DEMO, JWT_SECRET, LOG_LEVEL). */
  env?: Record<string, string>;
  /** What to build first when missing or stale; default ['api']. */
  build?: ('web' | 'api')[];
  /** The instances' stdout and stderr: dropped (default) or printed with an `[api-N]` prefix. */
  output?: 'ignore' | 'prefix';
  /** How often the proxy checks each instance's /ready and /health; default 1000 ms. */
  healthIntervalMs?: number;
  /** Hears the cluster's own lines (builds, instances leaving or joining the rotation). */
  log?: (line: string) => void;
}

export interface ClusterInstance {
  name: string;
  /** The instance itself, bypassing the proxy. */
  url: string;
  port: number;
  /** The current process (changes on restart). */
  pid: number;
  /** Sends the signal (default SIGKILL) and resolves once the process exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** SIGTERM, then SIGKILL after 20 s. */
  stop(): Promise<void>;
  /** Starts the process again (after a kill or stop) and resolves once it is ready. */
  restart(): Promise<ClusterInstance>;
}

export interface InstanceHealth {
  url: string;
  /** /health answered 200 at the last check. */
  isLive: boolean;
  /** /ready answered 200 at the last check: in the proxy's rotation. */
  isReady: boolean;
}

export interface Cluster {
  /** The proxy: send requests here. */
  url: string;
  databaseUrl: string;
  instances: ClusterInstance[];
  health(): InstanceHealth[];
  /** Checks every instance now instead of at the next interval (e.g. after a restart). */
  checkNow(): Promise<unknown>;
  /** Stops the proxy, then every instance gracefully. */
  stop(): Promise<void>;
}

export const LOCAL_SERVER_URL: string;
export function startCluster(options?: ClusterOptions): Promise<Cluster>;
/** Creates the database on the server of `serverUrl` if it does not exist; answers its URL. */
export function ensureDatabase(serverUrl: string, name: string): Promise<string>;
/** Drops the database of `databaseUrl` (with force). */
export function dropDatabase(databaseUrl: string): Promise<void>;
