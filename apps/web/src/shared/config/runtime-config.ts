import { platform, type RuntimeConfig } from '@caudal/contract/routes';
import { parseRuntimeConfig } from './parse-runtime-config';

/**
 * The runtime configuration (`GET /config.json`) is read once before anything renders, so every module
 * can read it synchronously afterwards: the API base URL, the auth strategy, the names shown on screen.
 */
let current: RuntimeConfig | null = null;

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(platform.runtimeConfig.path, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  current = parseRuntimeConfig(await response.json());
  return current;
}

let loading: Promise<RuntimeConfig> | null = null;

/**
 * The one load of the page: the early entry (src/early-start.ts) and the bootstrap both wait on it, so
 * `config.json` is fetched once (its preload) however many ask.
 */
export function loadRuntimeConfigOnce(): Promise<RuntimeConfig> {
  loading ??= loadRuntimeConfig();
  return loading;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration used before it was loaded');
  return current;
}

/** For tests and for the bootstrap only. */
export function setRuntimeConfig(config: RuntimeConfig | null): void {
  current = config;
}
