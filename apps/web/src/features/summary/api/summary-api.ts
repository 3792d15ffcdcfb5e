import { summary } from '@caudal/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';
import { invalidateCredentialQueries } from '../../../shared/credentials/credential-query-roots';

/** Under the `['summary']` root that shared/credentials invalidates when credentials change. */
export const summaryKeys = { all: ['summary'] as const, summary: () => [...summaryKeys.all, 'get'] as const };

export function useSummaryQuery() {
  return useQuery({
    queryKey: summaryKeys.summary(),
    queryFn: ({ signal }) => callApi(summary.getSummary, {}, { signal }),
    // States move as refreshes run in the background: a dashboard left open catches up by itself.
    refetchInterval: 60_000,
  });
}

/**
 * Deletes a credential; the summary, connections and unmatched queries all refetch, after a failure
 * too (a NotFound means someone else deleted it: the list must stop offering it).
 */
export function useDeleteCredentialsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(summary.deleteCredentials, { credentials_token: token }),
    onSettled: () => invalidateCredentialQueries(queryClient),
  });
}

/** The consent card's counts (consents ending within 14 days, ended), beside the states. */
export function useConsentCountsQuery() {
  return useQuery({
    queryKey: [...summaryKeys.all, 'consents'] as const,
    queryFn: ({ signal }) => callApi(summary.getConsentCounts, {}, { signal }),
    refetchInterval: 60_000,
  });
}
