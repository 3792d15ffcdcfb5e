import { useInvestmentsQuery } from '../api/client-queries';
import { InvestmentTransactions } from '../components/investment-transactions';
import { usePortfolioContext } from './portfolio-context';

/** `/portfolios/:portfolioId/transactions`: every investment's transactions, newest first. */
export function PortfolioTransactionsRoute() {
  const { client, portfolio } = usePortfolioContext();
  // Each transaction is in its investment's currency; until those load, the portfolio's is the best guess.
  const investments = useInvestmentsQuery(client.id, portfolio.id);
  const currencyOf = (investmentId: string) =>
    investments.data?.find((investment) => investment.id === investmentId)?.currency ?? portfolio.currency;
  return (
    <InvestmentTransactions
      clientId={client.id}
      portfolioId={portfolio.id}
      currencyOf={currencyOf}
      headingOrder={2}
    />
  );
}
