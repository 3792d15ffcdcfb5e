import { Anchor, Group, Table } from '@mantine/core';
import { IconChartPie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { usePortfoliosQuery } from '../api/client-queries';
import { TotalsFooter } from '../components/currency-totals';
import { ActionsTh, DataTable } from '../components/data-table';
import { EntityName } from '../components/entity-name';
import { Money } from '../components/money';
import { UnlinkButton, useUnlinkDialog } from '../components/unlink-dialog';
import { useTypeNames } from '../components/use-type-name';
import classes from '../components/wealth.module.css';
import { portfolioPath } from '../lib/wealth-paths';
import { useClientContext } from './client-context';

export function PortfoliosTabRoute() {
  const { t } = useTranslation();
  const { client } = useClientContext();
  const to = useLocalePath();
  const format = useFormatters();
  const { typeName } = useTypeNames();
  const query = usePortfoliosQuery(client.id);
  const unlink = useUnlinkDialog(client);

  const rows = query.data?.map((portfolio) => (
    <Table.Tr key={portfolio.id}>
      <Table.Td>
        <Anchor
          component={Link}
          to={to(portfolioPath(client.id, portfolio.id))}
          className={classes.rowLink}
          size="sm"
        >
          {portfolio.name}
        </Anchor>
      </Table.Td>
      <Table.Td>{typeName('portfolio', portfolio.type)}</Table.Td>
      <Table.Td>
        <EntityName id={portfolio.entity} />
      </Table.Td>
      <Table.Td className={classes.numeric}>{format.integer(portfolio.investments_count)}</Table.Td>
      <Table.Td className={classes.numeric}>
        <Money value={portfolio.balance} currency={portfolio.currency} />
      </Table.Td>
      {unlink.allowed ? (
        <Table.Td>
          <Group justify="flex-end">
            <UnlinkButton product={{ id: portfolio.id, name: portfolio.name }} onClick={unlink.ask} />
          </Group>
        </Table.Td>
      ) : null}
    </Table.Tr>
  ));

  return (
    <>
      <DataTable
        attached
        label={t('wealth.products.portfolios.tableLabel')}
        columns={unlink.allowed ? 6 : 5}
        head={
          <Table.Tr>
            <Table.Th>{t('wealth.products.portfolios.name')}</Table.Th>
            <Table.Th>{t('wealth.products.portfolios.type')}</Table.Th>
            <Table.Th>{t('wealth.products.portfolios.entity')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('wealth.products.portfolios.investments')}</Table.Th>
            <Table.Th className={classes.numeric}>{t('wealth.products.portfolios.balance')}</Table.Th>
            {unlink.allowed ? <ActionsTh label={t('wealth.clients.columns.actions')} /> : null}
          </Table.Tr>
        }
        rows={rows}
        footer={<TotalsFooter rows={query.data ?? []} before={4} after={unlink.allowed ? 1 : 0} />}
        error={
          query.isError
            ? { title: t('wealth.products.loadError'), error: query.error, onRetry: () => query.refetch() }
            : null
        }
        empty={{
          icon: <IconChartPie size={26} stroke={1.6} aria-hidden />,
          title: t('wealth.products.portfolios.empty'),
        }}
      />
      {unlink.modal}
    </>
  );
}
