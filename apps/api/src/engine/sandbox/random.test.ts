import { describe, expect, it } from 'vitest';
import { createRandom, hashHex } from './random';

describe('createRandom', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const draw = (seed: string) => Array.from({ length: 5 }, createRandom(seed).next);
    expect(draw('abc')).toEqual(draw('abc'));
    expect(draw('abc')).not.toEqual(draw('abd'));
  });

  it('keeps int() inside its inclusive bounds and reaches both ends', () => {
    const random = createRandom('bounds');
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const value = random.int(1, 6);
      expect(value).toBeGreaterThanOrEqual(1);
      expect(value).toBeLessThanOrEqual(6);
      seen.add(value);
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('forks streams that do not depend on how much the parent has drawn', () => {
    const a = createRandom('parent');
    const b = createRandom('parent');
    b.next();
    b.next();
    expect(a.fork('child').next()).toBe(b.fork('child').next());
    expect(a.fork('child').next()).not.toBe(a.fork('other').next());
  });

  it('picks by weight and refuses empty lists', () => {
    const random = createRandom('weights');
    let heavy = 0;
    for (let i = 0; i < 1000; i++)
      if (
        random.weighted([
          ['a', 9],
          ['b', 1],
        ] as const) === 'a'
      )
        heavy++;
    expect(heavy).toBeGreaterThan(850);
    expect(() => random.pick([])).toThrow();
  });

  it('hashes to stable hex', () => {
    expect(hashHex('x')).toBe(hashHex('x'));
    expect(hashHex('x')).toMatch(/^[0-9a-f]{16}$/);
  });
});
