import { IconChartPie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/format/use-formatters';
import { usePortfoliosQuery } from '../api/client-queries';
import { EntityName } from '../components/entity-name';
import { Money } from '../components/money';
import { ProductLink, ProductTabTable } from '../components/product-tab-table';
import { useTypeNames } from '../components/use-type-name';
import { portfolioPath } from '../lib/wealth-paths';
import { useClientContext } from './client-context';

export function PortfoliosTabRoute() {
  const { t } = useTranslation();
  const { client } = useClientContext();
  const format = useFormatters();
  const { typeName } = useTypeNames();
  const query = usePortfoliosQuery(client.id);

  return (
    <ProductTabTable
      client={client}
      query={query}
      label={t('wealth.products.portfolios.tableLabel')}
      nameOf={(portfolio) => portfolio.name}
      empty={{
        icon: <IconChartPie size={26} stroke={1.6} aria-hidden />,
        title: t('wealth.products.portfolios.empty'),
      }}
      columns={[
        {
          header: t('wealth.products.portfolios.name'),
          cell: (portfolio) => (
            <ProductLink path={portfolioPath(client.id, portfolio.id)}>{portfolio.name}</ProductLink>
          ),
        },
        {
          header: t('wealth.products.portfolios.type'),
          cell: (portfolio) => typeName('portfolio', portfolio.type),
        },
        {
          header: t('wealth.products.portfolios.entity'),
          cell: (portfolio) => <EntityName id={portfolio.entity} />,
        },
        {
          header: t('wealth.products.portfolios.investments'),
          isNumeric: true,
          cell: (portfolio) => format.integer(portfolio.investments_count),
        },
        {
          header: t('wealth.products.portfolios.balance'),
          isNumeric: true,
          isTotal: true,
          cell: (portfolio) => <Money value={portfolio.balance} currency={portfolio.currency} />,
        },
      ]}
    />
  );
}
