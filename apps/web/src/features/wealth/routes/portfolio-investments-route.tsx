import { PARTICIPATION_DECIMALS } from '@caudal/contract/routes';
import { Anchor, Table, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { useInvestmentsQuery } from '../api/client-queries';
import { TotalsFooter } from '../components/currency-totals';
import { DataTable } from '../components/data-table';
import { Money } from '../components/money';
import { useTypeNames } from '../components/use-type-name';
import classes from '../components/wealth.module.css';
import { investmentPath } from '../lib/wealth-paths';
import { usePortfolioContext } from './portfolio-context';

/** The portfolio's default tab: its investments. */
export function PortfolioInvestmentsRoute() {
  const { t } = useTranslation();
  const { client, portfolio } = usePortfolioContext();
  const to = useLocalePath();
  const format = useFormatters();
  const { typeName } = useTypeNames();
  const query = useInvestmentsQuery(client.id, portfolio.id);
  const none = t('wealth.products.none');

  const rows = query.data?.map((investment) => (
    <Table.Tr key={investment.id}>
      <Table.Td>
        <Anchor
          component={Link}
          to={to(investmentPath(client.id, portfolio.id, investment.id))}
          className={classes.rowLink}
          size="sm"
        >
          {investment.name}
        </Anchor>
      </Table.Td>
      <Table.Td className={classes.mono}>{investment.isin ?? none}</Table.Td>
      <Table.Td>{typeName('investment', investment.type)}</Table.Td>
      <Table.Td className={classes.numeric}>
        {format.decimal(investment.amount, PARTICIPATION_DECIMALS)}
      </Table.Td>
      <Table.Td className={classes.numeric}>
        <Money value={investment.balance} currency={investment.currency} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" className={classes.mono} c={investment.refAccount ? undefined : 'dimmed'}>
          {investment.refAccount ? format.accountReference(investment.refAccount) : none}
        </Text>
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <DataTable
      attached
      minWidth={900}
      label={t('wealth.investments.tableLabel')}
      columns={6}
      head={
        <Table.Tr>
          <Table.Th>{t('wealth.investments.name')}</Table.Th>
          <Table.Th>{t('wealth.investments.isin')}</Table.Th>
          <Table.Th>{t('wealth.investments.type')}</Table.Th>
          <Table.Th className={classes.numeric}>{t('wealth.investments.amount')}</Table.Th>
          <Table.Th className={classes.numeric}>{t('wealth.investments.balance')}</Table.Th>
          <Table.Th>{t('wealth.investments.refAccount')}</Table.Th>
        </Table.Tr>
      }
      rows={rows}
      footer={<TotalsFooter rows={query.data ?? []} before={4} after={1} />}
      error={
        query.isError
          ? { title: t('wealth.investments.loadError'), error: query.error, onRetry: () => query.refetch() }
          : null
      }
      empty={{
        icon: <IconListDetails size={26} stroke={1.6} aria-hidden />,
        title: t('wealth.investments.empty'),
      }}
    />
  );
}
