import { describe, expect, it, vi } from 'vitest';
import {
  type ConnectionInfo,
  createRoutePrefetcher,
  type IdleScheduler,
  PREFETCH_IDLE_TIMEOUT_MS,
  shouldPrefetch,
} from './route-prefetch';

/** A scheduler the test runs by hand: `idle()` is the browser becoming idle. */
function manualScheduler() {
  const queue: { callback: () => void; timeoutMs: number; cancelled: boolean }[] = [];
  const scheduler: IdleScheduler = {
    schedule(callback, timeoutMs) {
      const entry = { callback, timeoutMs, cancelled: false };
      queue.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  };
  const idle = () => {
    for (const entry of queue.splice(0)) if (!entry.cancelled) entry.callback();
  };
  return { scheduler, queue, idle };
}

function setup(connection: ConnectionInfo | undefined = { effectiveType: '4g' }) {
  const manual = manualScheduler();
  const prefetcher = createRoutePrefetcher({ connection: () => connection, scheduler: manual.scheduler });
  return { ...manual, prefetcher };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('shouldPrefetch', () => {
  it.each([
    [undefined, true],
    [{}, true],
    [{ effectiveType: '4g' }, true],
    [{ effectiveType: '3g' }, true],
    [{ effectiveType: '2g' }, false],
    [{ effectiveType: 'slow-2g' }, false],
    [{ effectiveType: '4g', saveData: true }, false],
    [{ effectiveType: '4g', saveData: false }, true],
  ])('%j → %s', (connection, expected) => {
    expect(shouldPrefetch(connection)).toBe(expected);
  });
});

describe('route prefetcher', () => {
  it('loads the next routes only once the browser is idle, with the spec timeout', async () => {
    const { prefetcher, queue, idle } = setup();
    const load = vi.fn(() => Promise.resolve({}));
    prefetcher.prefetch([load]);
    expect(load).not.toHaveBeenCalled();
    expect(queue[0]?.timeoutMs).toBe(PREFETCH_IDLE_TIMEOUT_MS);
    expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
    idle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{ effectiveType: '2g' }],
    [{ effectiveType: 'slow-2g' }],
    [{ effectiveType: '4g', saveData: true }],
  ])('skips everything on %j', (connection) => {
    const { prefetcher, queue, idle } = setup(connection);
    const load = vi.fn(() => Promise.resolve({}));
    prefetcher.prefetch([load]);
    idle();
    expect(queue).toHaveLength(0);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads one route per idle period, the next once the previous has loaded', async () => {
    const { prefetcher, queue, idle } = setup();
    const first = vi.fn(() => Promise.resolve({}));
    const second = vi.fn(() => Promise.resolve({}));
    prefetcher.prefetch([first, second]);
    idle();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
    await flush();
    expect(queue[0]?.timeoutMs).toBe(PREFETCH_IDLE_TIMEOUT_MS);
    idle();
    expect(second).toHaveBeenCalledTimes(1);
    await flush();
    expect(queue).toHaveLength(0);
  });

  it('stops between routes once cancelled', async () => {
    const { prefetcher, idle } = setup();
    const first = vi.fn(() => Promise.resolve({}));
    const second = vi.fn(() => Promise.resolve({}));
    const cancel = prefetcher.prefetch([first, second]);
    idle();
    cancel();
    await flush();
    idle();
    expect(second).not.toHaveBeenCalled();
  });

  it('prefetches each route once, however many pages name it', async () => {
    const { prefetcher, idle } = setup();
    const load = vi.fn(() => Promise.resolve({}));
    const other = vi.fn(() => Promise.resolve({}));
    prefetcher.prefetch([load]);
    idle();
    await flush();
    prefetcher.prefetch([load, other]);
    idle();
    await flush();
    prefetcher.prefetch([load, other]);
    idle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled (the user moved on before the browser was idle)', () => {
    const { prefetcher, idle } = setup();
    const load = vi.fn(() => Promise.resolve({}));
    const cancel = prefetcher.prefetch([load]);
    cancel();
    idle();
    expect(load).not.toHaveBeenCalled();
  });

  it('forgets a failed prefetch so a later page may try again, without throwing', async () => {
    const { prefetcher, idle } = setup();
    const load = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    prefetcher.prefetch([load]);
    idle();
    await flush();
    prefetcher.prefetch([load]);
    idle();
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
