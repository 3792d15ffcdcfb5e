import { type ConsentFilter, connections } from '@caudal/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';
import { connectionsKeys } from './connections-keys';

/** The company's credentials, or one institution's (`bank`). */
export function useCredentialsQuery(bank?: string) {
  return useQuery({
    queryKey: connectionsKeys.credentials(bank),
    queryFn: ({ signal }) =>
      callApi(connections.getCredentialsInformation, bank ? { bank } : {}, { signal }).catch((error) => {
        // Spec section 8: a failed credentials fetch is logged; the screen shows its error state.
        console.error('[connections] get credentials information failed', error);
        throw error;
      }),
  });
}

/** The consents expiring within 14 days, or the expired ones, soonest end first (filtered on the server). */
export function useConsentCredentialsQuery(filter: ConsentFilter | null) {
  return useQuery({
    queryKey: connectionsKeys.consents(filter ?? ''),
    queryFn: ({ signal }) =>
      callApi(connections.getCredentialsInformation, { consent: filter ?? 'expiring' }, { signal }),
    enabled: filter !== null,
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
