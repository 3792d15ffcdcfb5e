import type { PortalUserSummary } from '@caudal/contract';
import {
  ActionIcon,
  Badge,
  Box,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconTrash, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { useFormatters } from '../../../shared/format/use-formatters';
import classes from './portals.module.css';

interface PortalUserTableProps {
  users: readonly PortalUserSummary[] | undefined;
  refreshing: boolean;
  onEditClients: (user: PortalUserSummary) => void;
  onDelete: (user: PortalUserSummary) => void;
  /** Shown instead of rows when there are none (empty list, no search results). */
  empty?: ReactNode;
}

const COLUMNS = 6;

export function PortalUserTable({ users, refreshing, onEditClients, onDelete, empty }: PortalUserTableProps) {
  const { t } = useTranslation();
  const cards =
    users === undefined ? null : users.length === 0 ? (
      empty
    ) : (
      <ul className={classes.cards} aria-label={t('portals.list.tableLabel')}>
        {users.map((user) => (
          <PortalUserCard key={user.username} user={user} onEditClients={onEditClients} onDelete={onDelete} />
        ))}
      </ul>
    );
  return (
    <>
      {/* Phones get one card per user; the table needs more width than a phone has. */}
      <Box hiddenFrom="sm" className={refreshing ? classes.refreshing : undefined}>
        {cards ?? <TableSkeletonCards />}
      </Box>
      <Box visibleFrom="sm">
        <TableScroll minWidth={880}>
          <Table
            verticalSpacing="sm"
            highlightOnHover
            aria-label={t('portals.list.tableLabel')}
            aria-busy={refreshing || users === undefined}
            className={refreshing ? classes.refreshing : undefined}
          >
            <Table.Thead className={classes.tableHead}>
              <Table.Tr>
                <Table.Th w={170}>{t('portals.list.columns.username')}</Table.Th>
                <Table.Th w={170}>{t('portals.list.columns.name')}</Table.Th>
                <Table.Th w={200}>{t('portals.list.columns.email')}</Table.Th>
                <Table.Th>{t('portals.list.columns.clients')}</Table.Th>
                <Table.Th w={120}>{t('portals.list.columns.createdAt')}</Table.Th>
                <Table.Th w={88}>
                  <VisuallyHidden>{t('portals.list.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users === undefined ? (
                <TableSkeletonRows columns={COLUMNS} />
              ) : users.length === 0 && empty ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS} p={0}>
                    {empty}
                  </Table.Td>
                </Table.Tr>
              ) : (
                users.map((user) => (
                  <PortalUserRow
                    key={user.username}
                    user={user}
                    onEditClients={onEditClients}
                    onDelete={onDelete}
                  />
                ))
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Box>
    </>
  );
}

function TableSkeletonCards() {
  return (
    <Stack gap="sm" p="md" aria-hidden>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={72} radius="sm" />
      ))}
    </Stack>
  );
}

function UserClients({ user }: { user: PortalUserSummary }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const more = user.client_count - user.clients.length;
  if (user.client_count === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('portals.list.noClients')}
      </Text>
    );
  }
  return (
    <Group gap={6} aria-label={t('portals.list.columns.clients')} role="list">
      {user.clients.map((client) => (
        <Badge key={client.id} role="listitem" variant="light" color="secondary" tt="none" radius="sm">
          {client.name}
        </Badge>
      ))}
      {more > 0 ? (
        <Text size="xs" c="dimmed" role="listitem">
          {t('portals.list.moreClients', { n: format.integer(more) })}
        </Text>
      ) : null}
    </Group>
  );
}

function RowActions({ user, onEditClients, onDelete }: PortalUserRowProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t('portals.list.editShort')} withArrow openDelay={300}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('portals.list.editClients', { username: user.username })}
          onClick={() => onEditClients(user)}
        >
          <IconUsersGroup size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('portals.list.deleteShort')} withArrow openDelay={300}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('portals.list.delete', { username: user.username })}
          onClick={() => onDelete(user)}
        >
          <IconTrash size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function PortalUserCard({ user, onEditClients, onDelete }: PortalUserRowProps) {
  return (
    <li className={classes.card}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} miw={0}>
          <Text size="sm" className={classes.username}>
            {user.username}
          </Text>
          <Text size="sm">{user.name ?? '—'}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email ?? '—'}
          </Text>
        </Stack>
        <RowActions user={user} onEditClients={onEditClients} onDelete={onDelete} />
      </Group>
      <Box mt="xs">
        <UserClients user={user} />
      </Box>
    </li>
  );
}

interface PortalUserRowProps {
  user: PortalUserSummary;
  onEditClients: (user: PortalUserSummary) => void;
  onDelete: (user: PortalUserSummary) => void;
}

function PortalUserRow({ user, onEditClients, onDelete }: PortalUserRowProps) {
  const format = useFormatters();
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" className={classes.username}>
          {user.username}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{user.name ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
          {user.email ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <UserClients user={user} />
      </Table.Td>
      <Table.Td className={classes.nowrap}>{format.date(user.created_at)}</Table.Td>
      <Table.Td>
        <RowActions user={user} onEditClients={onEditClients} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}
