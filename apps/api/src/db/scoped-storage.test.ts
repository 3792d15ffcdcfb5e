import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ScopedStorage } from './scoped-storage';

describe('ScopedStorage', () => {
  it('gives every await of a run its own store, with concurrent runs kept apart', async () => {
    const storage = new ScopedStorage<string>();
    const seen: string[] = [];
    const work = async (name: string) => {
      await nextTurn();
      seen.push(`${name}:${storage.getStore()}`);
      await Promise.resolve();
      await nextTurn();
      seen.push(`${name}:${storage.getStore()}`);
    };
    await Promise.all([storage.run('a', () => work('a')), storage.run('b', () => work('b'))]);
    expect(seen.sort()).toEqual(['a:a', 'a:a', 'b:b', 'b:b']);
    expect(storage.getStore()).toBeUndefined();
  });

  it('keeps the store of a run while another run of the same storage settles before it', async () => {
    const storage = new ScopedStorage<string>();
    let release = () => {};
    const isReleased = new Promise<void>((resolve) => {
      release = resolve;
    });
    const long = storage.run('long', async () => {
      await isReleased;
      await nextTurn();
      return storage.getStore();
    });
    await storage.run('short', async () => {
      await nextTurn();
    });
    // The short run settled (the last but one): the long run's store must survive it.
    expect(storage.activeRuns).toBe(1);
    release();
    expect(await long).toBe('long');
    expect(storage.activeRuns).toBe(0);
  });

  it('nests, and `exit` runs outside the store', async () => {
    const storage = new ScopedStorage<string>();
    const found = await storage.run('outer', async () => {
      const inner = await storage.run('inner', async () => {
        await nextTurn();
        return storage.getStore();
      });
      await nextTurn();
      const outside = storage.exit(() => storage.getStore());
      return [inner, storage.getStore(), outside];
    });
    expect(found).toEqual(['inner', 'outer', undefined]);
  });

  it('counts a run that throws as settled, and starts again afterwards', async () => {
    const storage = new ScopedStorage<string>();
    await expect(
      storage.run('failing', async () => {
        await nextTurn();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(storage.activeRuns).toBe(0);
    expect(storage.getStore()).toBeUndefined();
    expect(
      await storage.run('again', async () => {
        await nextTurn();
        return storage.getStore();
      }),
    ).toBe('again');
  });
});
