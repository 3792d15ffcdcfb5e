import { type Client, canCall, type Investment, wealth } from '@caudal/contract/routes';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type CallOptions, callApi, callApiPage, type Page } from '../../../shared/api/call-api';
import { getToken, readAccess } from '../../../shared/auth/token-store';
import { whenIdentity } from '../../../shared/session/session-queries';
import { type ClientListState, clientListRequest, parseListParams } from '../lib/list-params';
import { wealthKeys } from './wealth-keys';

function clientListQuery(state: ClientListState, options: CallOptions = {}) {
  return queryOptions({
    queryKey: wealthKeys.clientList(state),
    queryFn: ({ signal }) => callApiPage(wealth.clientList, clientListRequest(state), { ...options, signal }),
  });
}

/** One server page of clients; the previous page stays on screen while the next loads (no flash). */
export function useClientListQuery(state: ClientListState) {
  return useQuery({ ...clientListQuery(state), placeholderData: keepPreviousData });
}

/**
 * The list route's loader: the page the URL names starts loading with the route's code and the session
 * calls, not after them. Before the identity is known this user may lack the module, so a refusal here
 * must not end the session: the permission guard shows its 404 and the list, if shown, asks again.
 */
export function prefetchClientList(queryClient: QueryClient, url: URL): null {
  const token = getToken();
  if (token === null) return null;
  const prefetch = () =>
    queryClient.prefetchQuery(clientListQuery(parseListParams(url.searchParams), { skipSessionEnd: true }));
  // Only for a user who may list clients: the Apps company's staff reaching this address get the
  // not-found page, and must not get a 403 (which signs out) on the way. The session's remembered
  // access decides at once (no wait on the identity); unknown, the identity decides when it is in.
  const remembered = readAccess(token);
  if (remembered) {
    if (canCall(remembered, wealth.clientList)) void prefetch();
    return null;
  }
  void whenIdentity(queryClient)
    .then((identity) => (canCall(identity, wealth.clientList) ? prefetch() : undefined))
    .catch(() => {});
  return null;
}

/** A client opened from the list is already known: show it at once while its detail refreshes. */
function clientFromLists(queryClient: QueryClient, clientId: string): Client | undefined {
  const pages = queryClient.getQueriesData<Page<Client>>({ queryKey: wealthKeys.clientLists() });
  for (const [, page] of pages) {
    const found = page?.items.find((client) => client.id === clientId);
    if (found) return found;
  }
  return undefined;
}

export function useClientQuery(clientId: string) {
  const queryClient = useQueryClient();
  return useQuery<Client>({
    queryKey: wealthKeys.clientDetail(clientId),
    queryFn: ({ signal }) => callApi(wealth.clientGet, { client_id: clientId }, { signal }),
    placeholderData: () => clientFromLists(queryClient, clientId),
  });
}

/** The client's accounts; `enabled: false` waits (the overview asks only when it needs their IBANs). */
export function useAccountsQuery(clientId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: wealthKeys.products(clientId, 'accounts'),
    queryFn: ({ signal }) => callApi(wealth.clientAccountList, { client_id: clientId }, { signal }),
    enabled,
  });
}

export function usePortfoliosQuery(clientId: string) {
  return useQuery({
    queryKey: wealthKeys.products(clientId, 'portfolios'),
    queryFn: ({ signal }) => callApi(wealth.clientPortfolioList, { client_id: clientId }, { signal }),
  });
}

export function useLiabilitiesQuery(clientId: string) {
  return useQuery({
    queryKey: wealthKeys.products(clientId, 'liabilities'),
    queryFn: ({ signal }) => callApi(wealth.clientLiabilityList, { client_id: clientId }, { signal }),
  });
}

export function useInvestmentsQuery(clientId: string, portfolioId: string) {
  return useQuery({
    queryKey: wealthKeys.investments(clientId, portfolioId),
    queryFn: ({ signal }) =>
      callApi(wealth.portfolioInvestmentList, { client_id: clientId, portfolio_id: portfolioId }, { signal }),
  });
}

export function useInvestmentQuery(clientId: string, portfolioId: string, investmentId: string) {
  const queryClient = useQueryClient();
  return useQuery<Investment>({
    queryKey: wealthKeys.investment(clientId, portfolioId, investmentId),
    queryFn: ({ signal }) =>
      callApi(
        wealth.investmentGet,
        { client_id: clientId, portfolio_id: portfolioId, investment_id: investmentId },
        { signal },
      ),
    // Coming from the portfolio's table, the row is already loaded.
    placeholderData: () =>
      queryClient
        .getQueryData<Investment[]>(wealthKeys.investments(clientId, portfolioId))
        ?.find((investment) => investment.id === investmentId),
  });
}
