import type { EntityCredentialCounts } from '@caudal/contract/routes';
import { Badge, Paper, Table, Text } from '@mantine/core';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { useDateTime } from '../../../shared/format/use-date-time';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { entityConnectionsPath } from '../lib/connections-paths';
import classes from './connections.module.css';

export interface EntityRow extends EntityCredentialCounts {
  name: string;
}

const COLUMNS = 5;

/** Institutions having credentials; a row opens that institution's detail. */
export function EntityTable({ rows }: { rows: readonly EntityRow[] | undefined }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <TableScroll minWidth={720}>
        <Table
          verticalSpacing="sm"
          highlightOnHover
          aria-label={t('connections.entities.tableLabel')}
          aria-busy={rows === undefined}
        >
          <Table.Thead className={classes.tableHead}>
            <Table.Tr>
              <Table.Th>{t('connections.entities.columns.entity')}</Table.Th>
              <Table.Th className={classes.numeric} w={140}>
                {t('connections.entities.columns.credentials')}
              </Table.Th>
              <Table.Th className={classes.numeric} w={140}>
                {t('connections.entities.columns.blocked')}
              </Table.Th>
              <Table.Th className={classes.numeric} w={160}>
                {t('connections.entities.columns.needsAction')}
              </Table.Th>
              <Table.Th w={220}>{t('connections.entities.columns.lastUpdate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows === undefined ? (
              <TableSkeletonRows columns={COLUMNS} rows={4} />
            ) : (
              rows.map((row) => <EntityTableRow key={row.entity_id} row={row} />)
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Paper>
  );
}

function CountBadge({ value, color }: { value: number; color: string }) {
  const format = useFormatters();
  if (value === 0) {
    return (
      <Text size="sm" c="dimmed">
        0
      </Text>
    );
  }
  return (
    <Badge variant="light" color={color} radius="sm">
      {format.integer(value)}
    </Badge>
  );
}

/**
 * The whole row opens the institution for mouse users; keyboard and screen-reader users get the same
 * through its name, a real link.
 */
function EntityTableRow({ row }: { row: EntityRow }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const format = useFormatters();
  const dateTime = useDateTime();
  const href = to(entityConnectionsPath(row.entity_id));

  const open = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest('a, button') || window.getSelection()?.toString()) return;
    navigate(href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) navigate(href);
  };

  return (
    <Table.Tr className={classes.clickableRow} onClick={open} onKeyDown={onKeyDown}>
      <Table.Td>
        <Link to={href} className={classes.rowLink}>
          {row.name}
        </Link>
      </Table.Td>
      <Table.Td className={classes.numeric}>{format.integer(row.total)}</Table.Td>
      <Table.Td className={classes.numeric}>
        <CountBadge value={row.blocked} color="red" />
      </Table.Td>
      <Table.Td className={classes.numeric}>
        <CountBadge value={row.needs_action} color="orange" />
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        {row.last_update ? (
          dateTime(row.last_update)
        ) : (
          <Text span size="sm" c="dimmed">
            {t('connections.never')}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
