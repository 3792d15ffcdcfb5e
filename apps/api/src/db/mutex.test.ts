import { describe, expect, it } from 'vitest';
import { Mutex, MutexTimeoutError } from './mutex';

describe('the PGlite mutex', () => {
  it('hands over in arrival order', async () => {
    const mutex = new Mutex();
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => mutex.run(async () => void order.push(n))));
    expect(order).toEqual([1, 2, 3]);
  });

  it('lets a waiter give up after its timeout without holding the mutex or blocking the next one', async () => {
    const mutex = new Mutex();
    const release = await mutex.acquire();
    const impatient = mutex.acquire(20);
    const patient = mutex.acquire();
    await expect(impatient).rejects.toBeInstanceOf(MutexTimeoutError);
    expect(mutex.waiting).toBe(1);
    release();
    const next = await patient;
    next();
    expect(mutex.waiting).toBe(0);
  });

  it('lets pending I/O run between two holders (a queue of statements must not starve liveness)', async () => {
    const mutex = new Mutex();
    const order: string[] = [];
    const release = await mutex.acquire();
    const second = mutex.acquire().then((next) => {
      order.push('second holder');
      next();
    });
    setImmediate(() => order.push('socket'));
    release();
    await second;
    expect(order).toEqual(['socket', 'second holder']);
  });
});
