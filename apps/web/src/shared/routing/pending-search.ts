import { useCallback, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/**
 * The search a page last asked for, while the navigation to it has not landed yet: `to`, and every
 * search rendered before it (`before`), which are out of date until a render shows `to` or something
 * newer.
 */
export interface PendingSearch {
  to: string;
  before: readonly string[];
}

/**
 * What a change of the address builds on. React Router's `setSearchParams` (its function form too)
 * starts from the search params of the render whose handler calls it. A navigation lands a little
 * later (the session loader revalidates first, and the render is a transition), so a second change
 * made meanwhile (pick an action, then at once a client) would start from the old address and drop
 * the first. While the rendered search is one that predates the last request, build on the request.
 */
export function searchToBuildOn(rendered: string, pending: PendingSearch | null): string {
  return pending?.before.includes(rendered) ? pending.to : rendered;
}

/** The pending request after asking for `to` from the rendered search. */
export function requestSearch(rendered: string, pending: PendingSearch | null, to: string): PendingSearch {
  const before = pending?.before.includes(rendered) ? [...pending.before, pending.to] : [rendered];
  return { to, before: before.filter((search) => search !== to) };
}

/**
 * `useSearchParams` whose changes never undo one another: each builds on the last one asked for
 * (see `searchToBuildOn`), whether or not its navigation has landed.
 */
export function useSearchParamsChange() {
  const [params, setParams] = useSearchParams();
  const pending = useRef<PendingSearch | null>(null);
  // The rendered search, read when a change is made: the change itself stays one function for the
  // page's life, so lists can hand it to memoised children and effects.
  const rendered = useRef(params.toString());
  rendered.current = params.toString();
  const change = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const from = rendered.current;
      const to = next(new URLSearchParams(searchToBuildOn(from, pending.current))).toString();
      pending.current = requestSearch(from, pending.current, to);
      setParams(new URLSearchParams(to), options);
    },
    [setParams],
  );
  return [params, change] as const;
}
