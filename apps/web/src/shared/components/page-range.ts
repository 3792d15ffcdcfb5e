/** The last page that exists for `total` rows (at least 1, so an empty list still has page 1). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "{from}–{to} of {total}" for the rows shown; zeros when the list is empty. */
export function pageRange(page: number, pageSize: number, rows: number, total: number) {
  if (rows === 0) return { from: 0, to: 0, total };
  const from = (page - 1) * pageSize + 1;
  return { from, to: from + rows - 1, total };
}
