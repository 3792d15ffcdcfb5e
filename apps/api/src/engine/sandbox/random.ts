/**
 * Seeded pseudo-random numbers. The sandbox must give byte-identical data for the same
 * inputs on every machine and every run, so nothing here may touch Math.random().
 * cyrb128 spreads a string seed over 128 bits; sfc32 is small, fast and passes PractRand,
 * which is plenty for fake bank statements.
 */

export interface Random {
  /** The seed this stream was built from; forks extend it, so it also names the stream. */
  readonly seed: string;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** Picks by relative weight; weights need not add up to 1. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /**
   * An independent stream for a labelled part of the data. Forking (rather than drawing
   * from one long stream) keeps a change in one product from shifting every other product.
   */
  fork(label: string): Random;
}

/** cyrb128 by bryc (public domain): four 32-bit hashes of the string. */
export function cyrb128(input: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < input.length; i++) {
    const k = input.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

function sfc32(a0: number, b0: number, c0: number, d0: number): () => number {
  let a = a0;
  let b = b0;
  let c = c0;
  let d = d0;
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** Joins a seed and a fork label; the separator cannot appear by accident in ids or logins. */
const FORK_SEPARATOR = '\u241f';

export function createRandom(seed: string): Random {
  const [a, b, c, d] = cyrb128(seed);
  const raw = sfc32(a, b, c, d);
  // The first outputs of sfc32 are still correlated with the seed words; discard a few.
  for (let i = 0; i < 12; i++) raw();

  const random: Random = {
    seed,
    next: raw,
    int(min, max) {
      return min + Math.floor(raw() * (max - min + 1));
    },
    float(min, max) {
      return min + raw() * (max - min);
    },
    pick(list) {
      if (list.length === 0) throw new Error('pick() needs a non-empty list');
      return list[Math.floor(raw() * list.length)] as (typeof list)[number];
    },
    weighted(entries) {
      let total = 0;
      for (const [, weight] of entries) total += weight;
      if (entries.length === 0 || total <= 0) throw new Error('weighted() needs positive weights');
      let roll = raw() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return (entries[entries.length - 1] as (typeof entries)[number])[0];
    },
    chance(p) {
      return raw() < p;
    },
    fork(label) {
      return createRandom(`${seed}${FORK_SEPARATOR}${label}`);
    },
  };
  return random;
}

/** A short hex digest of a string: used for stable, opaque external ids. */
export function hashHex(input: string, length = 16): string {
  const words = cyrb128(input);
  const hex = words.map((word) => word.toString(16).padStart(8, '0')).join('');
  return hex.slice(0, Math.min(length, 32));
}

/** A float in [0, 1) that depends only on the string: noise without carrying a stream around. */
export function hashUnit(input: string): number {
  return (cyrb128(input)[0] as number) / 4294967296;
}
