/** Query keys of the connections screens; `all` prefixes everything, so one invalidation refreshes all. */
export const connectionsKeys = {
  all: ['connections'] as const,
  /** The summary's figures (get-credential-counts): refetched with everything under `all`. */
  counts: () => [...connectionsKeys.all, 'counts'] as const,
  entityPage: (entityId: string, state: object) =>
    [...connectionsKeys.all, 'entity', entityId, state] as const,
  consents: (filter: string, paging: object) => [...connectionsKeys.all, 'consents', filter, paging] as const,
  identity: (tokens: readonly string[]) => [...connectionsKeys.all, 'identity', tokens] as const,
  products: (token: string) => [...connectionsKeys.all, 'products', token] as const,
};
