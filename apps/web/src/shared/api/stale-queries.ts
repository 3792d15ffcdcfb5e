import type { Query, QueryCache } from '@tanstack/react-query';

/**
 * Queries on screen whose last refresh failed while older data is still shown (spec section 8): the
 * answer is an error, yet the data of an earlier success is there. A first load that failed has no
 * data (its screen shows an error panel instead), and a query no screen observes is not shown.
 */
export function isShownStale(query: Query): boolean {
  return (
    query.getObserversCount() > 0 &&
    query.state.status === 'error' &&
    query.state.data !== undefined &&
    query.state.fetchStatus === 'idle'
  );
}

export function findShownStaleQueries(cache: QueryCache): Query[] {
  return cache.getAll().filter(isShownStale);
}
