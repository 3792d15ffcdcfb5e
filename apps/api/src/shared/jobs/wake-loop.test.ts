import { describe, expect, it } from 'vitest';
import { startWakeLoop } from './wake-loop';

/** A pass that waits until released, counting how many started. */
function gatedPasses(leftMore: () => boolean = () => false) {
  let started = 0;
  let release: (() => void) | null = null;
  return {
    started: () => started,
    release() {
      release?.();
      release = null;
    },
    async pass() {
      started += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return leftMore();
    },
  };
}

const HOUR = 3_600_000;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Polls until `isDone`, or fails after 5 s (timers run late on a loaded machine, never early). */
async function waitFor(isDone: () => boolean) {
  const deadline = Date.now() + 5_000;
  while (!isDone()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await tick();
  }
}

describe('the wake loop behind the audit sealer and the webhook outbox', () => {
  it('runs one pass at a time; wakes during a pass fold into exactly one more', async () => {
    const passes = gatedPasses();
    const loop = startWakeLoop({ pass: passes.pass, fallbackMs: HOUR, onError: () => {} });
    await tick();
    expect(passes.started()).toBe(1); // the pass at start
    void loop.wake();
    void loop.wake();
    void loop.wake();
    await tick();
    expect(passes.started()).toBe(1);
    passes.release();
    await tick();
    expect(passes.started()).toBe(2);
    passes.release();
    await tick();
    expect(passes.started()).toBe(2);
    await loop.stop();
  });

  it('goes again at once while a pass leaves more, and reports a failing pass without stopping', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const loop = startWakeLoop({
      async pass() {
        calls += 1;
        if (calls === 2) throw new Error('the database is gone');
        return calls < 4;
      },
      fallbackMs: HOUR,
      onError: (error) => errors.push(error),
    });
    await loop.wake();
    expect(calls).toBe(2); // the failure ends that drain
    expect(errors).toHaveLength(1);
    await loop.wake();
    expect(calls).toBe(4);
    await loop.stop();
  });

  it('folds a burst of wakeSoon into one pass after the delay, and starts none after stop', async () => {
    let calls = 0;
    const loop = startWakeLoop({
      async pass() {
        calls += 1;
        return false;
      },
      fallbackMs: HOUR,
      delayMs: 40,
      onError: () => {},
    });
    await loop.wake();
    const atStart = calls;
    for (let index = 0; index < 20; index++) loop.wakeSoon();
    await tick();
    expect(calls).toBe(atStart);
    await waitFor(() => calls > atStart);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(calls).toBe(atStart + 1);
    loop.wakeSoon();
    await loop.stop();
    await new Promise((resolve) => setTimeout(resolve, 80));
    await loop.wake();
    expect(calls).toBe(atStart + 1);
  });

  it('passes on the fallback timer when nobody wakes it', async () => {
    let calls = 0;
    const loop = startWakeLoop({
      async pass() {
        calls += 1;
        return false;
      },
      fallbackMs: 30,
      onError: () => {},
    });
    await waitFor(() => calls >= 3); // the pass at start, then the timer's
    await loop.stop();
    expect(calls).toBeGreaterThanOrEqual(3);
  });
});
