import { describe, expect, it } from 'vitest';
import { parseTotalCount } from './total-count';

describe('parseTotalCount', () => {
  it('reads a plain non-negative integer', () => {
    expect(parseTotalCount('40', 25)).toBe(40);
    expect(parseTotalCount(' 0 ', 3)).toBe(0);
  });

  it('falls back when the header is missing or malformed', () => {
    expect(parseTotalCount(null, 7)).toBe(7);
    expect(parseTotalCount(undefined, 7)).toBe(7);
    expect(parseTotalCount('', 7)).toBe(7);
    expect(parseTotalCount('-1', 7)).toBe(7);
    expect(parseTotalCount('12.5', 7)).toBe(7);
    expect(parseTotalCount('abc', 7)).toBe(7);
    expect(parseTotalCount('99999999999999999999', 7)).toBe(7);
  });
});
