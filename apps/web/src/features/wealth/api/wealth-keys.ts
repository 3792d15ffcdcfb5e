import type { ClientListState } from '../lib/list-params';

/**
 * Query keys of the wealth screens, nested so one invalidation reaches everything below it: a client's
 * key prefixes its product lists, and every product list prefixes its transactions.
 */
export const wealthKeys = {
  all: ['wealth'] as const,
  clientLists: () => [...wealthKeys.all, 'client-list'] as const,
  clientList: (state: ClientListState) => [...wealthKeys.clientLists(), state] as const,
  client: (clientId: string) => [...wealthKeys.all, 'client', clientId] as const,
  clientDetail: (clientId: string) => [...wealthKeys.client(clientId), 'detail'] as const,
  products: (clientId: string, kind: 'accounts' | 'portfolios' | 'liabilities') =>
    [...wealthKeys.client(clientId), 'products', kind] as const,
  productTransactions: (clientId: string, productId: string, range: DateRange) =>
    [...wealthKeys.client(clientId), 'product-transactions', productId, range] as const,
  investments: (clientId: string, portfolioId: string) =>
    [...wealthKeys.client(clientId), 'investments', portfolioId] as const,
  investment: (clientId: string, portfolioId: string, investmentId: string) =>
    [...wealthKeys.client(clientId), 'investment', portfolioId, investmentId] as const,
  overview: (clientId: string) => [...wealthKeys.client(clientId), 'overview'] as const,
  /** Charts (issue 31): a client's balance history, a portfolio's or an investment's value history. */
  history: (clientId: string, subject: string, range: string) =>
    [...wealthKeys.client(clientId), 'history', subject, range] as const,
  portfolioTransactions: (
    clientId: string,
    portfolioId: string,
    investmentId: string | null,
    range: DateRange,
  ) => [...wealthKeys.client(clientId), 'portfolio-transactions', portfolioId, investmentId, range] as const,
};

export interface DateRange {
  from: string | null;
  to: string | null;
}
