import { type CredentialInformation, deriveCredentialState } from '@caudal/contract';
import { Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { shortToken } from '../lib/credential-summary';
import type { IdentityRow } from '../lib/identity-rows';
import { StatusBadge, YesNoBadge } from './badges';
import classes from './connections.module.css';
import { type CredentialAction, CredentialMenu } from './credential-menu';
import { TokenCell } from './token-cell';
import { useDateTime } from './use-date-time';

interface IdentityTableProps {
  rows: readonly IdentityRow[] | undefined;
  error: { error: unknown; onRetry: () => void } | null;
  now: Date;
  selectedToken: string | null;
  refreshingToken: string | null;
  /** Staff only: portal users read but do not change credentials. */
  canManage: boolean;
  onSelect: (token: string) => void;
  onAction: (action: CredentialAction, credential: CredentialInformation) => void;
}

const COLUMNS = [
  'blocked',
  'credentialsToken',
  'document',
  'email',
  'identity',
  'lastUpdate',
  'needsAction',
  'name',
  'sca',
  'status',
] as const;

/** Badge columns must not shrink below their badge; the long text columns give way instead. */
const MIN_WIDTH: Partial<Record<(typeof COLUMNS)[number], number>> = {
  blocked: 90,
  needsAction: 120,
  sca: 70,
  status: 150,
};

/** Spec section 3: one row per holder, with the credential's state repeated on each of its rows. */
export function IdentityTable(props: IdentityTableProps) {
  const { t } = useTranslation();
  const { rows, error, canManage } = props;
  if (error && rows === undefined) {
    return (
      <Paper withBorder radius="md">
        <ErrorPanel
          bare
          title={t('connections.detail.identityError')}
          error={error.error}
          onRetry={error.onRetry}
        />
      </Paper>
    );
  }
  if (rows?.length === 0) {
    return (
      <EmptyPanel
        icon={<IconUserOff size={26} stroke={1.6} aria-hidden />}
        title={t('connections.detail.identityEmptyTitle')}
        text={t('connections.detail.identityEmptyText')}
      />
    );
  }
  const columns = COLUMNS.length + (canManage ? 1 : 0);
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={1400} type="native">
        <Table
          verticalSpacing="sm"
          highlightOnHover
          className={classes.identityTable}
          aria-label={t('connections.detail.identityLabel')}
          aria-busy={rows === undefined}
        >
          <Table.Thead className={classes.tableHead}>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} miw={MIN_WIDTH[column]}>
                  {t(`connections.detail.columns.${column}`)}
                </Table.Th>
              ))}
              {canManage ? (
                <Table.Th w={56}>
                  <VisuallyHidden>{t('connections.detail.columns.actions')}</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows === undefined ? (
              <TableSkeletonRows columns={columns} rows={4} />
            ) : (
              rows.map((row) => <IdentityTableRow key={row.key} row={row} {...props} />)
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
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
}: IdentityTableProps & { row: IdentityRow }) {
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
      <Table.Td>
        <YesNoBadge value={status.blocked} alert />
      </Table.Td>
      <Table.Td>
        <TokenCell token={credential.credentials_token} />
      </Table.Td>
      <Table.Td className={classes.mono}>{holder?.document ?? dash}</Table.Td>
      <Table.Td>{holder?.email ?? dash}</Table.Td>
      <Table.Td className={classes.mono} title={holder?.id}>
        {holder ? shortToken(holder.id) : dash}
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
        <YesNoBadge value={needsAction} alert />
      </Table.Td>
      <Table.Td fw={500}>
        {holder?.name ?? (
          <Text span size="sm" c="dimmed" fs="italic">
            {t('connections.detail.noHolder')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <YesNoBadge value={status.sca_token !== null} />
      </Table.Td>
      <Table.Td>
        <StatusBadge status={status} />
      </Table.Td>
      {canManage ? (
        <Table.Td>
          <CredentialMenu
            credential={credential}
            now={now}
            refreshing={refreshingToken === credential.credentials_token}
            onAction={onAction}
          />
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}
