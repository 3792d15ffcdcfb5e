import { type ConsentFilter, connections } from '@caudal/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../shared/api/call-api';
import { type EntityListState, entityListRequest } from '../lib/entity-list-params';
import { connectionsKeys } from './connections-keys';

/** Spec section 8: a failed credentials fetch is logged; the screen shows its error state. */
function logFailure(call: string) {
  return (error: unknown): never => {
    console.error(`[connections] ${call} failed`, error);
    throw error;
  };
}

/**
 * The summary's counts and institutions, counted on the server over the credentials the caller may see
 * (decision 0057: the whole list was 20,000 rows on a large book). SCA turns stale with time and
 * refreshes run in the background: a page left open catches up every minute, as the dashboard does.
 */
export function useCredentialCountsQuery() {
  return useQuery({
    queryKey: connectionsKeys.counts(),
    queryFn: ({ signal }) =>
      callApi(connections.getCredentialCounts, {}, { signal }).catch(logFailure('get credential counts')),
    refetchInterval: 60_000,
  });
}

/** One page of an institution's credentials (the connections detail); the last page stays while the next loads. */
export function useEntityCredentialsQuery(entityId: string, state: EntityListState) {
  return useQuery({
    queryKey: connectionsKeys.entityPage(entityId, state),
    queryFn: ({ signal }) =>
      callApiPage(connections.getCredentialsInformation, entityListRequest(entityId, state), {
        signal,
      }).catch(logFailure('get credentials information')),
    placeholderData: keepPreviousData,
  });
}

/**
 * One page of the consents expiring within 14 days, or of the expired ones, soonest end first (filtered,
 * sorted and paged on the server); the last page stays while the next loads.
 */
export function useConsentCredentialsQuery(
  filter: ConsentFilter | null,
  paging: { page: number; pageSize: number },
) {
  return useQuery({
    queryKey: connectionsKeys.consents(filter ?? '', paging),
    queryFn: ({ signal }) =>
      callApiPage(
        connections.getCredentialsInformation,
        { consent: filter ?? 'expiring', page: paging.page, page_size: paging.pageSize },
        { signal },
      ),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCredentialsIdentityQuery(tokens: readonly string[]) {
  return useQuery({
    queryKey: connectionsKeys.identity(tokens),
    queryFn: ({ signal }) =>
      callApi(connections.getCredentialsIdentity, { credentials_tokens: [...tokens] }, { signal }),
    enabled: tokens.length > 0,
    // A refetch after a refresh keeps the rows on screen instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useProductHoldersQuery(token: string | null) {
  return useQuery({
    queryKey: connectionsKeys.products(token ?? ''),
    queryFn: ({ signal }) =>
      callApi(connections.getCredentialsProductHolders, { credentials_token: token ?? '' }, { signal }),
    enabled: token !== null,
  });
}
