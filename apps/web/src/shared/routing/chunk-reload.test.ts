import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  isChunkLoadError,
  reloadForChunkError,
  shouldReloadForChunk,
} from './chunk-reload';

function fakeStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, v: string) => values.set(key, v),
  };
}

describe('chunk reload throttle (at most once per minute)', () => {
  it('recognises dynamic import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('allows a reload when none happened or the last is a minute old', () => {
    expect(shouldReloadForChunk(1_000_000, null)).toBe(true);
    expect(shouldReloadForChunk(1_000_000, 1_000_000 - 60_000)).toBe(true);
    expect(shouldReloadForChunk(1_000_000, 1_000_000 - 59_999)).toBe(false);
  });

  it('records the reload time and refuses a second reload within the minute', () => {
    const storage = fakeStorage();
    const reload = vi.fn();
    expect(reloadForChunkError({ now: () => 5_000, storage, reload })).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('5000');
    expect(reloadForChunkError({ now: () => 30_000, storage, reload })).toBe(false);
    expect(reloadForChunkError({ now: () => 65_000, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('treats a corrupt stored value as no previous reload', () => {
    const reload = vi.fn();
    expect(
      reloadForChunkError({ now: () => 1, storage: fakeStorage({ [CHUNK_RELOAD_KEY]: 'x' }), reload }),
    ).toBe(true);
  });
});
