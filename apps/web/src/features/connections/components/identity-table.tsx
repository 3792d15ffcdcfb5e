import {
  type CredentialInformation,
  type CredentialSort,
  deriveCredentialState,
} from '@caudal/contract/routes';
import { ActionIcon, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDrawer } from '../../../shared/components/app-modal';
import { SortableHeader } from '../../../shared/components/sortable-header';
import { ErrorPanel } from '../../../shared/components/state-panel';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { useDateTime } from '../../../shared/format/use-date-time';
import { shortToken } from '../lib/credential-summary';
import type { IdentityRow } from '../lib/identity-rows';
import { StatusBadge, YesNoBadge } from './badges';
import classes from './connections.module.css';
import { ConsentCell } from './consent-cell';
import { type CredentialAction, CredentialMenu } from './credential-menu';
import { TokenCell } from './token-cell';

interface IdentityTableProps {
  rows: readonly IdentityRow[] | undefined;
  /** The holders failed to load while the page's credentials did. */
  error: { error: unknown; onRetry: () => void } | null;
  /** Shown instead of rows when the page has none (no credentials, or none matching the search). */
  empty: ReactNode;
  /** Older rows stand in while the next page, search or order loads. */
  refreshing: boolean;
  skeletonRows: number;
  sort: { sort: CredentialSort; order: 'asc' | 'desc' };
  onSort: (column: CredentialSort) => void;
  now: Date;
  selectedToken: string | null;
  refreshingToken: string | null;
  /** Staff only: portal users read but do not change credentials. */
  canManage: boolean;
  onSelect: (token: string) => void;
  onAction: (action: CredentialAction, credential: CredentialInformation) => void;
}

/**
 * Spec section 3's columns, with what a person scans first (who, state, what to do) first. The three
 * holder details (document, email, identity) show as columns only on wide screens; below that they are
 * in each row's detail drawer, so state and actions fit at 1280 px without a sideways scroll.
 */
const COLUMNS = [
  'name',
  'status',
  'needsAction',
  'blocked',
  'sca',
  'lastUpdate',
  'consent',
  'credentialsToken',
  'document',
  'email',
  'identity',
] as const;
type Column = (typeof COLUMNS)[number];
const WIDE_ONLY: ReadonlySet<Column> = new Set(['document', 'email', 'identity']);
/** The columns the server sorts by (the list's third order, by connection, is in the sort picker). */
const SORTED_BY: Partial<Record<Column, CredentialSort>> = { lastUpdate: 'last_update', consent: 'consent' };

/** Badge columns must not shrink below their badge; the long text columns give way instead. */
const MIN_WIDTH: Partial<Record<Column, number>> = {
  blocked: 90,
  needsAction: 120,
  sca: 70,
  status: 150,
  consent: 130,
};

/**
 * Spec section 3: one row per holder, with the credential's state repeated on each of its rows. The
 * credentials are one server page (the list panel around it holds the search, the order and the pager).
 */
export function IdentityTable(props: IdentityTableProps) {
  const { t } = useTranslation();
  const { rows, error, canManage, empty, refreshing, sort, onSort } = props;
  const [details, setDetails] = useState<IdentityRow | null>(null);
  if (error && rows === undefined) {
    return (
      <ErrorPanel
        bare
        title={t('connections.detail.identityError')}
        error={error.error}
        onRetry={error.onRetry}
      />
    );
  }
  // The wide-only columns count for the skeleton too: it spans whatever is shown.
  const columns = COLUMNS.length + 1;
  const header = (column: Column) => {
    const label = t(`connections.detail.columns.${column}`);
    const className = WIDE_ONLY.has(column) ? classes.wideOnly : undefined;
    const sortKey = SORTED_BY[column];
    if (!sortKey) {
      return (
        <Table.Th key={column} miw={MIN_WIDTH[column]} className={className}>
          {label}
        </Table.Th>
      );
    }
    return (
      <SortableHeader
        key={column}
        miw={MIN_WIDTH[column]}
        className={className}
        sorted={sort.sort === sortKey ? sort.order : null}
        onSort={() => onSort(sortKey)}
        title={t('connections.detail.list.sortBy', { column: label })}
      >
        {label}
      </SortableHeader>
    );
  };
  return (
    <>
      <TableScroll minWidth={900}>
        <Table
          verticalSpacing="sm"
          highlightOnHover
          className={`${classes.identityTable} ${refreshing ? classes.refreshing : ''}`}
          aria-label={t('connections.detail.identityLabel')}
          aria-busy={refreshing || rows === undefined}
        >
          <Table.Thead className={classes.tableHead}>
            <Table.Tr>
              {COLUMNS.map(header)}
              <Table.Th w={canManage ? 88 : 52} className={classes.stickyActions}>
                <VisuallyHidden>{t('connections.detail.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows === undefined ? (
              <TableSkeletonRows columns={columns} rows={props.skeletonRows} />
            ) : rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns} p={0}>
                  {empty}
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <IdentityTableRow key={row.key} row={row} {...props} onDetails={() => setDetails(row)} />
              ))
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <DetailsDrawer row={details} now={props.now} onClose={() => setDetails(null)} />
    </>
  );
}

function IdentityTableRow({
  row,
  now,
  selectedToken,
  refreshingToken,
  canManage,
  onSelect,
  onAction,
  onDetails,
}: IdentityTableProps & { row: IdentityRow; onDetails: () => void }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { credential, holder } = row;
  const { status } = credential;
  const { needsAction } = deriveCredentialState(status, now);
  const selected = selectedToken === credential.credentials_token;
  const dash = (
    <Text span size="sm" c="dimmed">
      —
    </Text>
  );

  // Mouse users pick the credential for the products table by clicking its row; the Select above the
  // products table does the same for keyboard users.
  const select = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest('a, button, [role="menu"]')) return;
    onSelect(credential.credentials_token);
  };

  return (
    <Table.Tr
      className={`${classes.clickableRow} ${selected ? classes.selectedRow : ''}`}
      onClick={select}
      aria-selected={selected}
    >
      <Table.Td fw={500}>
        {holder?.name ?? (
          <Text span size="sm" c="dimmed" fs="italic">
            {t('connections.detail.noHolder')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={status} />
      </Table.Td>
      <Table.Td>
        <YesNoBadge value={needsAction} alert />
      </Table.Td>
      <Table.Td>
        <YesNoBadge value={status.blocked} alert />
      </Table.Td>
      <Table.Td>
        <YesNoBadge value={status.sca_token !== null} />
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        {status.last_update ? (
          dateTime(status.last_update)
        ) : (
          <Text span size="sm" c="dimmed">
            {t('connections.never')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <ConsentCell consent={credential} />
      </Table.Td>
      <Table.Td>
        <TokenCell token={credential.credentials_token} />
      </Table.Td>
      <Table.Td className={`${classes.mono} ${classes.wideOnly}`}>{holder?.document ?? dash}</Table.Td>
      <Table.Td className={classes.wideOnly}>{holder?.email ?? dash}</Table.Td>
      <Table.Td className={`${classes.mono} ${classes.wideOnly}`} title={holder?.id}>
        {holder ? shortToken(holder.id) : dash}
      </Table.Td>
      <Table.Td className={classes.stickyActions}>
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <Tooltip label={t('connections.detail.detailsTitle')} withArrow openDelay={300}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('connections.detail.details', {
                name: holder?.name ?? shortToken(credential.credentials_token),
              })}
              onClick={(event) => {
                event.stopPropagation();
                onDetails();
              }}
            >
              <IconId size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {canManage ? (
            <CredentialMenu
              credential={credential}
              now={now}
              refreshing={refreshingToken === credential.credentials_token}
              onAction={onAction}
            />
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Every field of one row (spec section 3), whatever the screen width hides from the table. */
function DetailsDrawer({ row, now, onClose }: { row: IdentityRow | null; now: Date; onClose: () => void }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const [shown, setShown] = useState<IdentityRow | null>(row);
  if (row && row !== shown) setShown(row);
  const current = row ?? shown;
  const field = (label: string, value: React.ReactNode) => (
    <div className={classes.detailsField}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" className={classes.detailsValue}>
        {value}
      </Text>
    </div>
  );
  const dash = '—';
  return (
    <AppDrawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={current?.holder?.name ?? t('connections.detail.detailsTitle')}
    >
      {current ? (
        <div className={classes.detailsList}>
          {field(
            t('connections.detail.columns.name'),
            current.holder?.name ?? t('connections.detail.noHolder'),
          )}
          {field(t('connections.detail.columns.status'), <StatusBadge status={current.credential.status} />)}
          {field(
            t('connections.detail.columns.needsAction'),
            <YesNoBadge value={deriveCredentialState(current.credential.status, now).needsAction} alert />,
          )}
          {field(
            t('connections.detail.columns.blocked'),
            <YesNoBadge value={current.credential.status.blocked} alert />,
          )}
          {field(
            t('connections.detail.columns.sca'),
            <YesNoBadge value={current.credential.status.sca_token !== null} />,
          )}
          {field(
            t('connections.detail.columns.lastUpdate'),
            current.credential.status.last_update
              ? dateTime(current.credential.status.last_update)
              : t('connections.never'),
          )}
          {field(t('connections.detail.columns.consent'), <ConsentCell consent={current.credential} />)}
          {field(
            t('connections.detail.columns.credentialsToken'),
            <code>{current.credential.credentials_token}</code>,
          )}
          {field(t('connections.detail.columns.document'), current.holder?.document ?? dash)}
          {field(t('connections.detail.columns.email'), current.holder?.email ?? dash)}
          {field(
            t('connections.detail.columns.identity'),
            current.holder ? <code>{current.holder.id}</code> : dash,
          )}
        </div>
      ) : null}
    </AppDrawer>
  );
}
