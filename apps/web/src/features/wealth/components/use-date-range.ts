import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import {
  type DateRangeState,
  dateRangeError,
  parseDateRange,
  writeDateRange,
} from '../lib/date-range-params';

/** The transactions' date filter, kept in the URL (?from=&to=) like the client list's state. */
export function useDateRange() {
  const [params, setParams] = useSearchParams();
  const range = parseDateRange(params);
  const setRange = useCallback(
    (next: DateRangeState) =>
      setParams((current) => writeDateRange(current, next), { replace: true, preventScrollReset: true }),
    [setParams],
  );
  return { range, setRange, error: dateRangeError(range) };
}
