/**
 * Money is carried as integer cents and participations as integer micro-units while
 * generating, so running balances and position sums are exact; only the snapshot
 * boundary converts to the decimal numbers the API serves.
 */

export function fromCents(cents: number): number {
  return cents / 100;
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
