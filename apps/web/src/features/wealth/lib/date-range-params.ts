import { zDateRange } from '@caudal/contract';

export interface DateRangeState {
  from: string | null;
  to: string | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isoDate(value: string | null): string | null {
  if (!value || !ISO_DATE.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2024-02-31 parses to March: only real calendar days are kept.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? value
    : null;
}

/** `from`/`to` in the URL: anything that is not a real yyyy-mm-dd day is ignored. */
export function parseDateRange(params: URLSearchParams): DateRangeState {
  return { from: isoDate(params.get('from')), to: isoDate(params.get('to')) };
}

export function writeDateRange(params: URLSearchParams, range: DateRangeState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['from', 'to'] as const) {
    const value = range[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** The contract's rule (date from ≤ date to): the catalogue key of the error, or null when valid. */
export function dateRangeError(range: DateRangeState): string | null {
  const result = zDateRange().safeParse({ date_from: range.from, date_to: range.to });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
