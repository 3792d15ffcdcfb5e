import { describe, expect, it } from 'vitest';
import { createTurns } from './turns';

describe('turns', () => {
  it('run at most their size at once, the others in the order they came, and go on after a failure', async () => {
    const inTurn = createTurns(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (n: number) =>
      inTurn(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        order.push(n);
        if (n === 1) throw new Error('a statement failed');
        return n;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map(work));
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((result) => result.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    // All turns were given back: the next runs at once.
    expect(await inTurn(async () => 'free')).toBe('free');
  });
});
