import { PARTICIPATION_DECIMALS, wealth } from '@caudal/contract/routes';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isCallError } from '../../../shared/api/api-error';
import { NotFoundPanel } from '../../../shared/components/not-found-panel';
import { ErrorPanel } from '../../../shared/components/state-panel';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useInvestmentQuery, usePortfoliosQuery } from '../api/client-queries';
import { DetailHeader } from '../components/detail-header';
import { InvestmentTransactions } from '../components/investment-transactions';
import { Money } from '../components/money';
import { InvestmentValuePanel } from '../components/overview/value-history-panel';
import { ProductHeaderSkeleton } from '../components/product-page-states';
import { useTypeNames } from '../components/use-type-name';
import { WealthBreadcrumbs } from '../components/wealth-breadcrumbs';
import { clientPath, portfolioPath } from '../lib/wealth-paths';
import { useClientContext } from './client-context';

/** `/portfolios/:portfolioId/:investmentId`: every field of the investment and its own transactions. */
export function InvestmentDetailRoute() {
  const { t } = useTranslation();
  const { client } = useClientContext();
  const { portfolioId = '', investmentId = '' } = useParams();
  const format = useFormatters();
  const { typeName } = useTypeNames();
  const portfolios = usePortfoliosQuery(client.id);
  const portfolio = portfolios.data?.find((item) => item.id === portfolioId);
  const query = useInvestmentQuery(client.id, portfolioId, investmentId);
  const investment = query.data;
  const none = t('wealth.products.none');

  if (isCallError(wealth.investmentGet, query.error, 'NotFound')) {
    return (
      <NotFoundPanel
        title={t('wealth.investment.notFoundTitle')}
        text={t('wealth.investment.notFoundText')}
        backLabel={t('wealth.investment.backToPortfolio')}
        backPath={portfolioPath(client.id, portfolioId)}
      />
    );
  }
  if (query.isError && !investment) {
    return (
      <ErrorPanel
        retryLabel={t('wealth.retry')}
        title={t('wealth.investments.loadError')}
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  }

  return (
    <>
      <WealthBreadcrumbs
        items={[
          { label: client.name, path: clientPath(client.id, 'portfolios') },
          {
            label: portfolio?.name ?? t('wealth.portfolio.kind'),
            path: portfolioPath(client.id, portfolioId),
          },
          { label: investment?.name ?? t('wealth.investment.kind') },
        ]}
      />
      {investment ? (
        <>
          <DetailHeader
            kind={typeName('investment', investment.type)}
            title={investment.name}
            fields={[
              { label: t('wealth.investment.isin'), value: investment.isin ?? none },
              { label: t('wealth.investment.type'), value: typeName('investment', investment.type) },
              {
                label: t('wealth.investment.amount'),
                value: format.decimal(investment.amount, PARTICIPATION_DECIMALS),
              },
              {
                label: t('wealth.investment.balance'),
                value: <Money value={investment.balance} currency={investment.currency} fw={600} />,
              },
              { label: t('wealth.investment.currency'), value: investment.currency },
              {
                label: t('wealth.investment.refAccount'),
                value: investment.refAccount ? format.accountReference(investment.refAccount) : none,
              },
              { label: t('wealth.investment.portfolio'), value: portfolio?.name ?? none },
            ]}
          />
          <Box mb="md">
            <InvestmentValuePanel
              clientId={client.id}
              portfolioId={portfolioId}
              investmentId={investment.id}
            />
          </Box>
          <InvestmentTransactions
            clientId={client.id}
            portfolioId={portfolioId}
            investmentId={investment.id}
            currencyOf={() => investment.currency}
          />
        </>
      ) : (
        <ProductHeaderSkeleton />
      )}
    </>
  );
}
