import { type InvestmentTransaction, PARTICIPATION_DECIMALS } from '@caudal/contract/routes';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { usePortfolioTransactionsQuery } from '../api/transaction-queries';
import { investmentPath } from '../lib/wealth-paths';
import { Money } from './money';
import { TransactionsPanel } from './transactions-panel';
import { useDateRange } from './use-date-range';
import { useTypeNames } from './use-type-name';
import classes from './wealth.module.css';

interface InvestmentTransactionsProps {
  clientId: string;
  portfolioId: string;
  /** One investment's transactions; without it, the whole portfolio's (with an investment column). */
  investmentId?: string;
  /** Transactions carry no currency: each is in its investment's. */
  currencyOf: (investmentId: string) => string;
  headingOrder?: 2 | 3;
}

const TYPE_COLORS: Record<number, string> = { 8: 'blue', 9: 'orange', 33: 'teal', 34: 'teal' };

export function InvestmentTransactions({
  clientId,
  portfolioId,
  investmentId,
  currencyOf,
  headingOrder,
}: InvestmentTransactionsProps) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const format = useFormatters();
  const { transactionType } = useTypeNames();
  const { range, setRange, error } = useDateRange();
  const query = usePortfolioTransactionsQuery(
    clientId,
    portfolioId,
    investmentId ?? null,
    range,
    error === null,
  );
  const withInvestment = !investmentId;
  const none = t('wealth.products.none');

  const row = (item: InvestmentTransaction) => (
    <Table.Tr key={item.id}>
      <Table.Td className={classes.nowrap}>{format.date(item.operationDate)}</Table.Td>
      {withInvestment ? (
        <Table.Td>
          <Anchor
            component={Link}
            to={to(investmentPath(clientId, portfolioId, item.investment_id))}
            size="sm"
            className={classes.rowLink}
          >
            {item.investment_name}
          </Anchor>
        </Table.Td>
      ) : null}
      <Table.Td>
        <Badge variant="light" color={TYPE_COLORS[item.type] ?? 'gray'} radius="sm" tt="none" fw={500}>
          {transactionType(item.type)}
        </Badge>
      </Table.Td>
      <Table.Td className={classes.numeric}>{format.decimal(item.amount, PARTICIPATION_DECIMALS)}</Table.Td>
      <Table.Td className={classes.numeric}>
        <Money value={item.netCash} currency={currencyOf(item.investment_id)} signed />
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {item.description}
        </Text>
      </Table.Td>
      <Table.Td className={classes.nowrap}>{item.valueDate ? format.date(item.valueDate) : none}</Table.Td>
    </Table.Tr>
  );

  return (
    <TransactionsPanel
      query={query}
      range={range}
      rangeError={error}
      onRange={setRange}
      columns={withInvestment ? 7 : 6}
      row={row}
      headingOrder={headingOrder}
      head={
        <Table.Tr>
          <Table.Th w={130}>{t('wealth.investmentTransactions.date')}</Table.Th>
          {withInvestment ? <Table.Th>{t('wealth.investmentTransactions.investment')}</Table.Th> : null}
          <Table.Th>{t('wealth.investmentTransactions.type')}</Table.Th>
          <Table.Th className={classes.numeric}>{t('wealth.investmentTransactions.amount')}</Table.Th>
          <Table.Th className={classes.numeric}>{t('wealth.investmentTransactions.netCash')}</Table.Th>
          <Table.Th>{t('wealth.investmentTransactions.description')}</Table.Th>
          <Table.Th w={130}>{t('wealth.investmentTransactions.valueDate')}</Table.Th>
        </Table.Tr>
      }
      texts={{
        title: t('wealth.investmentTransactions.title'),
        tableLabel: t('wealth.investmentTransactions.tableLabel'),
        loadMore: t('wealth.investmentTransactions.loadMore'),
        loaded: (n) => t('wealth.investmentTransactions.loaded', { n }),
        allLoaded: t('wealth.investmentTransactions.allLoaded'),
        empty: t('wealth.investmentTransactions.empty'),
        emptyRange: t('wealth.investmentTransactions.emptyRange'),
        loadError: t('wealth.investmentTransactions.loadError'),
      }}
    />
  );
}
