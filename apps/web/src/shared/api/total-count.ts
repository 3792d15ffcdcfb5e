/**
 * Reads the `x-total-count` header of a paged list. A missing or malformed header must not break the
 * screen: the caller falls back to what it can count itself (the rows of this page).
 */
export function parseTotalCount(header: string | null | undefined, fallback: number): number {
  if (header == null) return fallback;
  const trimmed = header.trim();
  if (!/^\d+$/.test(trimmed)) return fallback;
  const total = Number(trimmed);
  return Number.isSafeInteger(total) ? total : fallback;
}
