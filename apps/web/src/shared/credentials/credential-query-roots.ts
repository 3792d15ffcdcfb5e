import type { QueryClient } from '@tanstack/react-query';

/**
 * Root query keys of every screen that shows credentials or what they bring in: connections, the
 * summary, and the unmatched products (a deleted credential takes its pending products with it). A
 * feature that deletes or changes credentials invalidates them all, without importing another feature.
 */
export const CREDENTIAL_QUERY_ROOTS = [['connections'], ['summary'], ['unmatched']] as const;

export function invalidateCredentialQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    CREDENTIAL_QUERY_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
  ).then(() => undefined);
}
