/** Rows per INSERT: big enough to cut round trips, well under PostgreSQL's 65,535 parameters. */
export const BATCH_SIZE = 1000;

/**
 * The rows in slices of `size`, in order. Inserted one after another, identity ids then follow the
 * rows' order.
 */
export function chunks<T>(rows: readonly T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += size) out.push(rows.slice(start, start + size));
  return out;
}
