import type { QueryClient } from '@tanstack/react-query';

/**
 * Query roots of the screens that show clients, their products and the credentials behind them. These
 * screens read one shared picture (which client holds which product, counts, names), so a change made on
 * any of them (unlink, match, hide, delete a client or a credential, refresh, rename) can change what
 * every other one shows: the pending list and its nav badge, a client's tabs and product count, a
 * credential's product holders. Each feature's query keys start with its root here.
 */
export const PRODUCT_QUERY_ROOTS = {
  wealth: 'wealth',
  unmatched: 'unmatched',
  connections: 'connections',
} as const;

/**
 * Marks every product screen's queries stale: the ones on screen refetch now, the others when next
 * shown. Answers when the on-screen ones have refetched. `except` spares the queries under one key
 * prefix (a deleted client's own, which would only refetch into "not found").
 */
export function invalidateProductQueries(
  queryClient: QueryClient,
  options: { except?: readonly unknown[] } = {},
): Promise<void> {
  const roots: readonly unknown[] = Object.values(PRODUCT_QUERY_ROOTS);
  const except = options.except;
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      roots.includes(queryKey[0]) && !except?.every((part, index) => queryKey[index] === part),
  });
}
