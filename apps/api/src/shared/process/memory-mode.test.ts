import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { favourMemoryWhenEmbedded } from './memory-mode';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('favourMemoryWhenEmbedded', () => {
  it('asks V8 to favour memory when the database shares the process (no DATABASE_URL)', () => {
    const setFlags = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
    expect(favourMemoryWhenEmbedded({})).toBe(true);
    expect(favourMemoryWhenEmbedded({ DATABASE_URL: '  ' })).toBe(true);
    expect(setFlags).toHaveBeenCalledWith('--optimize-for-size');
  });

  it("leaves V8 alone on PostgreSQL, where throughput matters more than this process's memory", () => {
    const setFlags = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
    expect(favourMemoryWhenEmbedded({ DATABASE_URL: 'postgres://127.0.0.1/caudal' })).toBe(false);
    expect(setFlags).not.toHaveBeenCalled();
  });
});
