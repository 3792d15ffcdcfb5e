import { describe, expect, it } from 'vitest';
import { createDeliverySlots, type SlotLimits } from './delivery-slots';

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

const LIMITS: SlotLimits = {
  total: 10,
  perCompany: 3,
  perEndpoint: 2,
  reserve: 0,
  parkedPerCompany: 1,
  attemptMs: 10_000,
};

let keys = 0;
const delivery = (companyId: string, endpointId = `${companyId}-hook`) => ({
  key: `delivery-${++keys}`,
  companyId,
  endpointId,
});

describe('delivery slots', () => {
  it('give a company its share, then a waiting place, while other companies start theirs', async () => {
    const slots = createDeliverySlots(LIMITS);
    const first = heldAttempt();
    expect(await slots.offer(delivery('a', 'a1'), first.run)).toBe('started');
    expect(await slots.offer(delivery('a', 'a2'), heldAttempt().run)).toBe('started');
    expect(await slots.offer(delivery('a', 'a3'), heldAttempt().run)).toBe('started');
    // The company's fourth waits here for one of its slots; its fifth goes back to the queue.
    const waiting = heldAttempt();
    expect(await slots.offer(delivery('a', 'a4'), waiting.run)).toBe('parked');
    expect(await slots.offer(delivery('a', 'a5'), heldAttempt().run)).toBe('full');
    expect(waiting.isStarted()).toBe(false);
    expect(await slots.offer(delivery('b'), heldAttempt().run)).toBe('started');
    // One of the company's attempts ended: the one waiting starts in its slot.
    first.end();
    await settle();
    expect(waiting.isStarted()).toBe(true);
  });

  it('give one endpoint its share of its company’s: a broken endpoint leaves the others theirs', async () => {
    const slots = createDeliverySlots({ ...LIMITS, perCompany: 5, parkedPerCompany: 0 });
    expect(await slots.offer(delivery('a', 'broken'), heldAttempt().run)).toBe('started');
    expect(await slots.offer(delivery('a', 'broken'), heldAttempt().run)).toBe('started');
    expect(await slots.offer(delivery('a', 'broken'), heldAttempt().run)).toBe('full');
    expect(await slots.offer(delivery('a', 'healthy'), heldAttempt().run)).toBe('started');
  });

  it('keep the last slots for companies with nothing in flight, however many hang', async () => {
    const slots = createDeliverySlots({ ...LIMITS, total: 6, perCompany: 6, perEndpoint: 6, reserve: 2 });
    for (let n = 0; n < 4; n += 1) {
      expect(await slots.offer(delivery('hanging'), heldAttempt().run)).toBe('started');
    }
    // Two slots are free, the reserve: the company's fifth may not take them.
    expect(await slots.offer(delivery('hanging'), heldAttempt().run)).toBe('parked');
    // Another company's first attempt may, and so may a third's.
    expect(await slots.offer(delivery('quiet'), heldAttempt().run)).toBe('started');
    expect(await slots.offer(delivery('other'), heldAttempt().run)).toBe('started');
  });

  it('make the worker wait for a free slot when all are taken, and start without waiting for the batch', async () => {
    const slots = createDeliverySlots({ ...LIMITS, total: 2 });
    const first = heldAttempt();
    expect(await slots.offer(delivery('a'), first.run)).toBe('started');
    expect(await slots.offer(delivery('b'), heldAttempt().run)).toBe('started');
    let taken = '';
    const third = slots.offer(delivery('c'), heldAttempt().run).then((answer) => {
      taken = answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(taken).toBe('');
    first.end();
    await third;
    expect(taken).toBe('started');
  });

  it('free the slot of an attempt that failed', async () => {
    const slots = createDeliverySlots({ ...LIMITS, total: 1 });
    const failing = () => Promise.reject(new Error('the database is gone'));
    expect(await slots.offer(delivery('a'), failing)).toBe('started');
    await settle();
    expect(await slots.offer(delivery('a'), async () => {})).toBe('started');
  });

  it('send jobs back at the pace of what holds them, a turn per share', async () => {
    let now = 1_000;
    const slots = createDeliverySlots({ ...LIMITS, perCompany: 2, perEndpoint: 2, now: () => now });
    await slots.offer(delivery('a'), heldAttempt().run);
    await slots.offer(delivery('a'), heldAttempt().run);
    now += 3_000;
    // No attempt of the company ended yet, its oldest has run 3 s: two jobs a turn.
    const next = () => slots.deferMs({ companyId: 'a', endpointId: 'a-hook' });
    expect([1, 2, 3, 4, 5].map(next)).toEqual([3_000, 3_000, 6_000, 6_000, 9_000]);
    // A receiver that hangs is waited for no longer than the timeout a turn.
    now += 60_000;
    expect(next()).toBe(10_000);
    // A company whose last attempt took 5 ms: a moment.
    const fast = heldAttempt();
    await slots.offer(delivery('b'), fast.run);
    now += 5;
    fast.end();
    await settle();
    expect(slots.deferMs({ companyId: 'b', endpointId: 'b-hook' })).toBe(20);
  });

  it('start nothing once draining; answer what waited, after what runs or the wait asked', async () => {
    const slots = createDeliverySlots({ ...LIMITS, perCompany: 1 });
    const running = heldAttempt();
    const waiting = heldAttempt();
    await slots.offer(delivery('a'), running.run);
    const parked = delivery('a');
    expect(await slots.offer(parked, waiting.run)).toBe('parked');
    const started = performance.now();
    expect(await slots.drain(50)).toEqual([parked.key]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(await slots.offer(delivery('b'), async () => {})).toBe('full');
    running.end();
    await settle();
    expect(waiting.isStarted()).toBe(false);
    expect(await slots.drain(10_000)).toEqual([]);
  });
});
