import { Box, Tabs } from '@mantine/core';
import { IconArrowsExchange, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { usePortfoliosQuery } from '../api/client-queries';
import { DetailHeader } from '../components/detail-header';
import { EntityName } from '../components/entity-name';
import { Money } from '../components/money';
import { PortfolioValuePanel } from '../components/overview/value-history-panel';
import { ProductHeaderSkeleton, ProductNotFound, ProductsLoadError } from '../components/product-page-states';
import { useTypeNames } from '../components/use-type-name';
import { WealthBreadcrumbs } from '../components/wealth-breadcrumbs';
import { clientPath, portfolioPath, portfolioTransactionsPath } from '../lib/wealth-paths';
import { useClientContext } from './client-context';
import type { PortfolioContext } from './portfolio-context';

/** `/wealth/clients/:clientId/portfolios/:portfolioId`: header, then investments or transactions tabs. */
export function PortfolioRoute() {
  const { t } = useTranslation();
  const { client } = useClientContext();
  const { portfolioId = '' } = useParams();
  const to = useLocalePath();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const format = useFormatters();
  const { typeName } = useTypeNames();
  const query = usePortfoliosQuery(client.id);
  const portfolio = query.data?.find((item) => item.id === portfolioId);
  const tab = pathname.endsWith('/transactions') ? 'transactions' : 'investments';

  if (query.isError && !query.data) {
    return <ProductsLoadError error={query.error} onRetry={() => query.refetch()} />;
  }
  if (query.data && !portfolio) return <ProductNotFound clientId={client.id} tab="portfolios" />;

  return (
    <>
      <WealthBreadcrumbs
        items={[
          { label: client.name, path: clientPath(client.id, 'portfolios') },
          { label: portfolio?.name ?? t('wealth.portfolio.kind') },
        ]}
      />
      {portfolio ? (
        <>
          <DetailHeader
            kind={t('wealth.portfolio.kind')}
            title={portfolio.name}
            fields={[
              { label: t('wealth.portfolio.type'), value: typeName('portfolio', portfolio.type) },
              { label: t('wealth.portfolio.entity'), value: <EntityName id={portfolio.entity} /> },
              {
                label: t('wealth.products.portfolios.investments'),
                value: format.integer(portfolio.investments_count),
              },
              {
                label: t('wealth.portfolio.balance'),
                value: <Money value={portfolio.balance} currency={portfolio.currency} fw={600} />,
              },
            ]}
          />
          <Box mb="md">
            <PortfolioValuePanel clientId={client.id} portfolioId={portfolio.id} />
          </Box>
          <Tabs
            value={tab}
            variant="outline"
            keepMounted={false}
            onChange={(next) =>
              navigate(
                to(
                  next === 'transactions'
                    ? portfolioTransactionsPath(client.id, portfolio.id)
                    : portfolioPath(client.id, portfolio.id),
                ),
                { preventScrollReset: true },
              )
            }
          >
            <Tabs.List aria-label={t('wealth.portfolio.tabsLabel')} mb={-1}>
              <Tabs.Tab
                value="investments"
                px="lg"
                leftSection={<IconListDetails size={16} stroke={1.7} aria-hidden />}
              >
                {t('wealth.portfolio.tabs.investments')}
              </Tabs.Tab>
              <Tabs.Tab
                value="transactions"
                px="lg"
                leftSection={<IconArrowsExchange size={16} stroke={1.7} aria-hidden />}
              >
                {t('wealth.portfolio.tabs.transactions')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value={tab}>
              <Outlet context={{ client, portfolio } satisfies PortfolioContext} />
            </Tabs.Panel>
          </Tabs>
        </>
      ) : (
        <ProductHeaderSkeleton />
      )}
    </>
  );
}
