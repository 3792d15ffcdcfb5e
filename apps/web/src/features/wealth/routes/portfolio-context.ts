import type { Client, Portfolio } from '@caudal/contract';
import { useOutletContext } from 'react-router';

/** What the portfolio route hands to its tabs once the portfolio is found in the client's list. */
export interface PortfolioContext {
  client: Client;
  portfolio: Portfolio;
}

export function usePortfolioContext(): PortfolioContext {
  return useOutletContext<PortfolioContext>();
}
