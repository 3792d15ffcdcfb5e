import type { Client } from '@caudal/contract';
import { Anchor, Group, Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { distinctNames } from '../lib/distinct-names';
import { TotalsFooter } from './currency-totals';
import { ActionsTh, DataTable } from './data-table';
import { UnlinkButton, useUnlinkDialog } from './unlink-dialog';
import classes from './wealth.module.css';

interface Product {
  id: string;
  balance: number;
  currency: string;
}

export interface ProductColumn<P> {
  header: string;
  cell: (product: P) => ReactNode;
  /** Right-aligned figures. */
  isNumeric?: boolean;
  className?: string;
  /** The balance column: the footer totals it per currency. */
  isTotal?: boolean;
}

interface ProductTabTableProps<P extends Product> {
  client: Client;
  query: UseQueryResult<P[]>;
  label: string;
  columns: readonly ProductColumn<P>[];
  /** The name the unlink confirmation shows. */
  nameOf: (product: P) => string;
  /** What tells apart two rows of one name (an account's IBAN end), added to the name only then. */
  referenceOf?: (product: P) => string | null;
  empty: { icon: ReactNode; title: string };
  minWidth?: number;
}

/**
 * One product tab of a client (accounts, portfolios, liabilities): its table with loading, error and
 * empty states, balance totals per currency, and the staff's unlink action on each row.
 */
export function ProductTabTable<P extends Product>({
  client,
  query,
  label,
  columns,
  nameOf,
  referenceOf,
  empty,
  minWidth,
}: ProductTabTableProps<P>) {
  const { t } = useTranslation();
  const unlink = useUnlinkDialog(client);
  const unlinkNameOf = distinctNames(query.data ?? [], nameOf, referenceOf);
  const cellClass = (column: ProductColumn<P>) => (column.isNumeric ? classes.numeric : column.className);
  const totalAt = columns.findIndex((column) => column.isTotal);
  const actionColumns = unlink.allowed ? 1 : 0;

  const rows = query.data?.map((product) => (
    <Table.Tr key={product.id}>
      {columns.map((column) => (
        <Table.Td key={column.header} className={cellClass(column)}>
          {column.cell(product)}
        </Table.Td>
      ))}
      {unlink.allowed ? (
        <Table.Td>
          <Group justify="flex-end">
            <UnlinkButton product={{ id: product.id, name: unlinkNameOf(product) }} onClick={unlink.ask} />
          </Group>
        </Table.Td>
      ) : null}
    </Table.Tr>
  ));

  return (
    <>
      <DataTable
        attached
        minWidth={minWidth}
        label={label}
        columns={columns.length + actionColumns}
        head={
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} className={column.isNumeric ? classes.numeric : undefined}>
                {column.header}
              </Table.Th>
            ))}
            {unlink.allowed ? <ActionsTh label={t('wealth.clients.columns.actions')} /> : null}
          </Table.Tr>
        }
        rows={rows}
        footer={
          totalAt < 0 ? undefined : (
            <TotalsFooter
              rows={query.data ?? []}
              before={totalAt}
              after={columns.length - totalAt - 1 + actionColumns}
            />
          )
        }
        error={
          query.isError
            ? { title: t('wealth.products.loadError'), error: query.error, onRetry: () => query.refetch() }
            : null
        }
        empty={empty}
      />
      {unlink.modal}
    </>
  );
}

/** A product's name, linking to its detail page. */
export function ProductLink({ path, children }: { path: string; children: ReactNode }) {
  const to = useLocalePath();
  return (
    <Anchor component={Link} to={to(path)} className={classes.rowLink} size="sm">
      {children}
    </Anchor>
  );
}
