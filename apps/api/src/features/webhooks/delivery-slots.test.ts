import { describe, expect, it } from 'vitest';
import { createDeliverySlots } from './delivery-slots';

/** An attempt the test ends when it wants, as a receiver that answers late. */
function heldAttempt() {
  let end = () => {};
  let isStarted = false;
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  return {
    run: () => {
      isStarted = true;
      return ended;
    },
    end,
    isStarted: () => isStarted,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('delivery slots', () => {
  it('give a company its share, then a few waiting places, while other companies start theirs', async () => {
    const slots = createDeliverySlots({ total: 4, perCompany: 2, parkedPerCompany: 1, attemptMs: 10_000 });
    const [first, second, third, fourth] = [heldAttempt(), heldAttempt(), heldAttempt(), heldAttempt()];
    expect(await slots.offer('a', 'a1', first.run)).toBe('started');
    expect(await slots.offer('a', 'a2', second.run)).toBe('started');
    // The company's third waits here for one of its slots; its fourth goes back to the queue.
    expect(await slots.offer('a', 'a3', third.run)).toBe('parked');
    expect(await slots.offer('a', 'a4', fourth.run)).toBe('full');
    expect(third.isStarted()).toBe(false);
    expect(await slots.offer('b', 'b1', heldAttempt().run)).toBe('started');
    // One of the company's attempts ended: the one waiting starts in its slot.
    first.end();
    await settle();
    expect(third.isStarted()).toBe(true);
    expect(await slots.offer('a', 'a5', heldAttempt().run)).toBe('parked');
  });

  it('make the worker wait for a free slot when all are taken, and start without waiting for the batch', async () => {
    const slots = createDeliverySlots({ total: 2, perCompany: 2, parkedPerCompany: 0, attemptMs: 10_000 });
    const first = heldAttempt();
    expect(await slots.offer('a', 'a1', first.run)).toBe('started');
    expect(await slots.offer('b', 'b1', heldAttempt().run)).toBe('started');
    let taken = '';
    const third = slots.offer('c', 'c1', heldAttempt().run).then((answer) => {
      taken = answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(taken).toBe('');
    first.end();
    await third;
    expect(taken).toBe('started');
  });

  it('free the slot of an attempt that failed', async () => {
    const slots = createDeliverySlots({ total: 1, perCompany: 1, parkedPerCompany: 0, attemptMs: 10_000 });
    const failing = () => Promise.reject(new Error('the database is gone'));
    expect(await slots.offer('a', 'a1', failing)).toBe('started');
    expect(await slots.offer('a', 'a2', async () => {})).toBe('started');
  });

  it('send a company’s jobs back at its receivers’ pace, a turn per share', async () => {
    let now = 1_000;
    const limits = { total: 10, perCompany: 2, parkedPerCompany: 0, attemptMs: 10_000, now: () => now };
    const slots = createDeliverySlots(limits);
    await slots.offer('a', 'a1', heldAttempt().run);
    await slots.offer('a', 'a2', heldAttempt().run);
    now += 3_000;
    // Its oldest attempt has run 3 s: two jobs in the next turn, two in the one after.
    expect([1, 2, 3, 4, 5].map(() => slots.deferMs('a'))).toEqual([3_000, 3_000, 6_000, 6_000, 9_000]);
    // A receiver that hangs is waited for no longer than the timeout a turn.
    now += 60_000;
    expect(slots.deferMs('a')).toBe(10_000);
    // A company whose receiver answered in 5 ms: a moment.
    const fast = heldAttempt();
    await slots.offer('b', 'b1', fast.run);
    now += 5;
    fast.end();
    await settle();
    expect(slots.deferMs('b')).toBe(20);
  });

  it('start nothing once draining; answer what waited, after what runs or the wait asked', async () => {
    const slots = createDeliverySlots({ total: 2, perCompany: 1, parkedPerCompany: 1, attemptMs: 10_000 });
    const running = heldAttempt();
    const waiting = heldAttempt();
    await slots.offer('a', 'a1', running.run);
    expect(await slots.offer('a', 'a2', waiting.run)).toBe('parked');
    const started = performance.now();
    expect(await slots.drain(50)).toEqual(['a2']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(await slots.offer('b', 'b1', async () => {})).toBe('full');
    running.end();
    await settle();
    expect(waiting.isStarted()).toBe(false);
    expect(await slots.drain(10_000)).toEqual([]);
  });
});
