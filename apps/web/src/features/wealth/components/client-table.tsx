import type { Client } from '@caudal/contract';
import { Table, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type NavigateFunction, useNavigate } from 'react-router';
import { RowAction } from '../../../shared/components/row-action';
import { SortableHeader } from '../../../shared/components/sortable-header';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { type ClientListState, type ClientSort, nextSort } from '../lib/list-params';
import { clientPath } from '../lib/wealth-paths';
import { EntityBadges } from './entity-badges';
import classes from './wealth.module.css';

/** Placeholders beyond a screenful change nothing on screen and only cost rendering time. */
const SKELETON_ROWS_MAX = 25;

interface ClientTableProps {
  clients: readonly Client[] | undefined;
  state: ClientListState;
  refreshing: boolean;
  onSort: (sort: Pick<ClientListState, 'sort' | 'order'>) => void;
  /** Without it (the user may not edit), no edit button. */
  onEdit?: (client: Client) => void;
  /** Without it (the user may not delete), no delete button. */
  onDelete?: (client: Client) => void;
  /** Shown instead of rows when there are none (empty list, no search results). */
  empty?: ReactNode;
}

export function ClientTable({
  clients,
  state,
  refreshing,
  onSort,
  onEdit,
  onDelete,
  empty,
}: ClientTableProps) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const format = useFormatters();
  const shared = useMemo<RowShared>(() => ({ t, to, navigate, format }), [t, to, navigate, format]);
  const hasActions = Boolean(onEdit || onDelete);
  const columns = hasActions ? 6 : 5;
  const sortedBy = (column: ClientSort) => (state.sort === column ? state.order : null);
  const header = (column: ClientSort, label: string, w?: number) => (
    <SortableHeader
      w={w}
      sorted={sortedBy(column)}
      onSort={() => onSort(nextSort(state, column))}
      title={t('wealth.clients.sortBy', { column: label })}
    >
      {label}
    </SortableHeader>
  );

  return (
    <TableScroll minWidth={860}>
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t('wealth.clients.tableLabel')}
        aria-busy={refreshing || clients === undefined}
        className={refreshing ? classes.refreshing : undefined}
      >
        <Table.Thead className={classes.tableHead}>
          <Table.Tr>
            {header('name', t('wealth.clients.columns.name'))}
            {header('alias', t('wealth.clients.columns.alias'), 180)}
            <Table.Th>{t('wealth.clients.columns.entities')}</Table.Th>
            <Table.Th className={classes.numeric} w={110}>
              {t('wealth.clients.columns.products')}
            </Table.Th>
            {header('created_at', t('wealth.clients.columns.createdAt'), 150)}
            {hasActions ? (
              <Table.Th w={96}>
                <VisuallyHidden>{t('wealth.clients.columns.actions')}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients === undefined ? (
            // As many placeholders as rows to come (a screenful at most), each as tall as a real row.
            <TableSkeletonRows
              columns={columns}
              rows={Math.min(state.pageSize, SKELETON_ROWS_MAX)}
              rowClassName={classes.clientRow}
            />
          ) : clients.length === 0 && empty ? (
            <Table.Tr>
              <Table.Td colSpan={columns} p={0}>
                {empty}
              </Table.Td>
            </Table.Tr>
          ) : (
            clients.map((client) => (
              <ClientRow
                key={client.id}
                client={client}
                onEdit={onEdit}
                onDelete={onDelete}
                shared={shared}
              />
            ))
          )}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

interface ClientRowProps {
  client: Client;
  onEdit?: (client: Client) => void;
  onDelete?: (client: Client) => void;
  /** What every row needs, read once by the table rather than by each of its rows. */
  shared: RowShared;
}

interface RowShared {
  t: TFunction;
  to: (path: string) => string;
  navigate: NavigateFunction;
  format: ReturnType<typeof useFormatters>;
}

const TD = Table.classes.td;

/**
 * The whole row opens the client for mouse users; keyboard and screen-reader users get the same through
 * the name, a real link (Enter opens it, and it can be opened in a new tab). A screenful of these is most
 * of the list's first render, so a row is plain elements styled with Mantine's table classes rather than
 * a dozen Mantine components.
 */
function ClientRow({ client, onEdit, onDelete, shared }: ClientRowProps) {
  const { t, to, navigate, format } = shared;
  const href = to(clientPath(client.id));

  const open = (event: MouseEvent<HTMLTableRowElement>) => {
    // Clicks on the link or the action buttons do their own thing; text selection is not a click.
    if ((event.target as HTMLElement).closest('a, button') || window.getSelection()?.toString()) return;
    navigate(href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) navigate(href);
  };
  const stop = (action: (client: Client) => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action(client);
  };

  return (
    <tr
      className={`${Table.classes.tr} ${classes.clickableRow} ${classes.clientRow}`}
      data-with-row-border
      data-hover
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <td className={TD}>
        <Link to={href} className={classes.rowLink}>
          {client.name}
        </Link>
      </td>
      <td className={`${TD} ${classes.mono} ${classes.alias}`}>{client.alias}</td>
      <td className={TD}>
        <EntityBadges ids={client.entities} />
      </td>
      <td className={`${TD} ${classes.numeric}`}>{format.integer(client.products_count)}</td>
      <td className={`${TD} ${classes.nowrap}`}>{format.date(client.created_at)}</td>
      {onEdit || onDelete ? (
        <td className={TD}>
          <div className={classes.rowActions}>
            {onEdit ? (
              <RowAction
                label={t('wealth.clients.edit', { name: client.name })}
                hint={t('wealth.clients.editShort')}
                onClick={stop(onEdit)}
              >
                <IconPencil size={18} stroke={1.6} aria-hidden />
              </RowAction>
            ) : null}
            {onDelete ? (
              <RowAction
                label={t('wealth.clients.delete', { name: client.name })}
                hint={t('wealth.clients.deleteShort')}
                color="red"
                onClick={stop(onDelete)}
              >
                <IconTrash size={18} stroke={1.6} aria-hidden />
              </RowAction>
            ) : null}
          </div>
        </td>
      ) : null}
    </tr>
  );
}
