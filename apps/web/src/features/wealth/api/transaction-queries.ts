import { TRANSACTION_PAGE_SIZE, wealth } from '@caudal/contract/routes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call-api';
import { type DateRange, wealthKeys } from './wealth-keys';

const PAGE_SIZE = TRANSACTION_PAGE_SIZE.default;

function rangeBody(range: DateRange) {
  return {
    ...(range.from ? { date_from: range.from } : {}),
    ...(range.to ? { date_to: range.to } : {}),
  };
}

/** Keyset pages of an account's or liability's movements, newest first. */
export function useProductTransactionsQuery(
  clientId: string,
  productId: string,
  range: DateRange,
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey: wealthKeys.productTransactions(clientId, productId, range),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        wealth.productTransactionList,
        {
          client_id: clientId,
          product_id: productId,
          limit: PAGE_SIZE,
          ...rangeBody(range),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });
}

/** Keyset pages of a portfolio's investment transactions, or one investment's when given. */
export function usePortfolioTransactionsQuery(
  clientId: string,
  portfolioId: string,
  investmentId: string | null,
  range: DateRange,
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey: wealthKeys.portfolioTransactions(clientId, portfolioId, investmentId, range),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        wealth.portfolioTransactionList,
        {
          client_id: clientId,
          portfolio_id: portfolioId,
          limit: PAGE_SIZE,
          ...(investmentId ? { investment_id: investmentId } : {}),
          ...rangeBody(range),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });
}
