import { type HistoryRange, wealth } from '@caudal/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';
import { wealthKeys } from './wealth-keys';

/** The overview's figures: net position per currency and the allocations. */
export function useClientOverviewQuery(clientId: string) {
  return useQuery({
    queryKey: wealthKeys.overview(clientId),
    queryFn: ({ signal }) => callApi(wealth.clientOverview, { client_id: clientId }, { signal }),
  });
}

/** A range's series; the previous range stays drawn while the next loads (no flash). */
export function useBalanceHistoryQuery(clientId: string, range: HistoryRange) {
  return useQuery({
    queryKey: wealthKeys.history(clientId, 'balances', range),
    queryFn: ({ signal }) => callApi(wealth.clientBalanceHistory, { client_id: clientId, range }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePortfolioValueHistoryQuery(clientId: string, portfolioId: string, range: HistoryRange) {
  return useQuery({
    queryKey: wealthKeys.history(clientId, `portfolio:${portfolioId}`, range),
    queryFn: ({ signal }) =>
      callApi(
        wealth.portfolioValueHistory,
        { client_id: clientId, portfolio_id: portfolioId, range },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useInvestmentHistoryQuery(
  clientId: string,
  portfolioId: string,
  investmentId: string,
  range: HistoryRange,
) {
  return useQuery({
    queryKey: wealthKeys.history(clientId, `investment:${investmentId}`, range),
    queryFn: ({ signal }) =>
      callApi(
        wealth.investmentHistory,
        { client_id: clientId, portfolio_id: portfolioId, investment_id: investmentId, range },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
