/**
 * After a deploy, an open tab may ask for route chunks that no longer exist. Reloading fetches the new
 * build; remembering the last reload (sessionStorage) caps it at once per minute so a real outage does
 * not loop (spec section 4/9).
 */
export const CHUNK_RELOAD_KEY = 'caudal.chunkReloadAt';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    error.message,
  );
}

export function shouldReloadForChunk(now: number, lastReloadAt: number | null): boolean {
  return (
    lastReloadAt === null || Number.isNaN(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS
  );
}

interface ReloadDeps {
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
}

/** Reloads (and returns true) unless a reload happened less than a minute ago. */
export function reloadForChunkError(deps: ReloadDeps): boolean {
  const raw = deps.storage?.getItem(CHUNK_RELOAD_KEY) ?? null;
  const last = raw === null ? null : Number(raw);
  const now = deps.now();
  if (!shouldReloadForChunk(now, last)) return false;
  deps.storage?.setItem(CHUNK_RELOAD_KEY, String(now));
  deps.reload();
  return true;
}

function browserDeps(): ReloadDeps {
  let storage: Storage | null = null;
  try {
    storage = sessionStorage;
  } catch {
    storage = null;
  }
  return { now: Date.now, storage, reload: () => window.location.reload() };
}

/**
 * Wraps a route module import: a chunk failure reloads the page (and the promise never settles, so no
 * error flashes before the reload); otherwise the error reaches the route's error boundary.
 */
export function withChunkReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadForChunkError(browserDeps())) return new Promise<T>(() => {});
      throw error;
    });
}
