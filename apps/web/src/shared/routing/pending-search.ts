import { useRef } from 'react';
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
  const change = (next: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
    const rendered = params.toString();
    const to = next(new URLSearchParams(searchToBuildOn(rendered, pending.current))).toString();
    pending.current = requestSearch(rendered, pending.current, to);
    setParams(new URLSearchParams(to), options);
  };
  return [params, change] as const;
}
