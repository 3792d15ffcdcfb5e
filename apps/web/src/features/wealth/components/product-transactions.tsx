import type { Transaction } from '@caudal/contract';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useProductTransactionsQuery } from '../api/transaction-queries';
import { Money } from './money';
import { TransactionsPanel } from './transactions-panel';
import { useDateRange } from './use-date-range';
import classes from './wealth.module.css';

interface ProductTransactionsProps {
  clientId: string;
  productId: string;
  /** Movements carry no currency: they are in their account's or liability's. */
  currency: string;
}

/** The movements of an account or a liability: amount (signed, coloured), balance, description, dates. */
export function ProductTransactions({ clientId, productId, currency }: ProductTransactionsProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { range, setRange, error } = useDateRange();
  const query = useProductTransactionsQuery(clientId, productId, range, error === null);
  const none = t('wealth.products.none');

  const row = (item: Transaction) => (
    <Table.Tr key={item.id}>
      <Table.Td className={classes.nowrap}>{format.date(item.operationDate)}</Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {item.description}
        </Text>
      </Table.Td>
      <Table.Td className={classes.numeric}>
        <Money value={item.amount} currency={currency} signed />
      </Table.Td>
      <Table.Td className={classes.numeric}>
        {item.balance === null ? none : <Money value={item.balance} currency={currency} />}
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
      columns={5}
      row={row}
      head={
        <Table.Tr>
          <Table.Th w={150}>{t('wealth.transactions.operationDate')}</Table.Th>
          <Table.Th>{t('wealth.transactions.description')}</Table.Th>
          <Table.Th className={classes.numeric}>{t('wealth.transactions.amount')}</Table.Th>
          <Table.Th className={classes.numeric}>{t('wealth.transactions.balance')}</Table.Th>
          <Table.Th w={130}>{t('wealth.transactions.valueDate')}</Table.Th>
        </Table.Tr>
      }
      texts={{
        title: t('wealth.transactions.title'),
        tableLabel: t('wealth.transactions.tableLabel'),
        loadMore: t('wealth.transactions.loadMore'),
        loaded: (n) => t('wealth.transactions.loaded', { n }),
        allLoaded: t('wealth.transactions.allLoaded'),
        empty: t('wealth.transactions.empty'),
        emptyRange: t('wealth.transactions.emptyRange'),
        loadError: t('wealth.transactions.loadError'),
      }}
    />
  );
}
