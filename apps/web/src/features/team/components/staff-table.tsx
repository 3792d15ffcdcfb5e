import type { StaffMember } from '@caudal/contract';
import {
  ActionIcon,
  Badge,
  Box,
  Group,
  Menu,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { useFormatters } from '../../../shared/format/use-formatters';
import type { StaffAction } from '../api/team-mutations';
import classes from './team.module.css';

export type RowAction = StaffAction | 'edit' | 'resend';

interface StaffTableProps {
  members: readonly StaffMember[] | undefined;
  refreshing: boolean;
  /** The signed-in admin's username: their own row offers nothing that would lock them out. */
  self: string;
  onAction: (action: RowAction, member: StaffMember) => void;
  empty?: ReactNode;
}

const COLUMNS = 8;
const STATE_COLORS = { invited: 'yellow', active: 'teal', disabled: 'gray' } as const;

/** What each state offers; one's own row never offers disable or delete (nobody locks themselves out). */
export function actionsFor(member: StaffMember, isSelf: boolean): RowAction[] {
  if (member.state === 'invited') return ['edit', 'resend', 'revoke'];
  if (isSelf) return ['edit'];
  // A lost phone: an admin turns the colleague's two-factor off, and they enrol again.
  const reset: RowAction[] = member.has_two_factor ? ['resetTwoFactor'] : [];
  return member.state === 'disabled'
    ? ['edit', ...reset, 'enable', 'delete']
    : ['edit', ...reset, 'disable', 'delete'];
}

export function StaffTable({ members, refreshing, self, onAction, empty }: StaffTableProps) {
  const { t } = useTranslation();
  const isSelf = (member: StaffMember) => member.username.toLowerCase() === self.toLowerCase();
  return (
    <>
      {/* Phones get one card per person; the table needs more width than a phone has. */}
      <Box hiddenFrom="sm" className={refreshing ? classes.refreshing : undefined}>
        {members === undefined ? (
          <Stack gap="sm" p="md" aria-hidden>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={72} radius="sm" />
            ))}
          </Stack>
        ) : members.length === 0 ? (
          empty
        ) : (
          <ul className={classes.cards} aria-label={t('team.list.tableLabel')}>
            {members.map((member) => (
              <li key={member.username} className={classes.card}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Stack gap={2} miw={0}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {member.username}
                      <SelfMarker isSelf={isSelf(member)} />
                    </Text>
                    <Text size="sm">{member.name ?? '—'}</Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {member.email ?? '—'}
                    </Text>
                  </Stack>
                  <RowMenu member={member} isSelf={isSelf(member)} onAction={onAction} />
                </Group>
                <Group gap={6} mt="xs">
                  <RoleBadge member={member} />
                  <StateBadge member={member} />
                </Group>
                <Box mt={6}>
                  <Permissions member={member} />
                </Box>
              </li>
            ))}
          </ul>
        )}
      </Box>
      <Box visibleFrom="sm">
        <TableScroll minWidth={960}>
          <Table
            verticalSpacing="sm"
            highlightOnHover
            aria-label={t('team.list.tableLabel')}
            aria-busy={refreshing || members === undefined}
            className={refreshing ? classes.refreshing : undefined}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>{t('team.list.columns.username')}</Table.Th>
                <Table.Th w={150}>{t('team.list.columns.name')}</Table.Th>
                <Table.Th w={200}>{t('team.list.columns.email')}</Table.Th>
                <Table.Th w={150}>{t('team.list.columns.role')}</Table.Th>
                <Table.Th>{t('team.list.columns.permissions')}</Table.Th>
                <Table.Th w={130}>{t('team.list.columns.lastSignIn')}</Table.Th>
                <Table.Th w={120}>{t('team.list.columns.state')}</Table.Th>
                <Table.Th w={56}>
                  <VisuallyHidden>{t('team.list.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members === undefined ? (
                <TableSkeletonRows columns={COLUMNS} />
              ) : members.length === 0 && empty ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS} p={0}>
                    {empty}
                  </Table.Td>
                </Table.Tr>
              ) : (
                members.map((member) => (
                  <Table.Tr key={member.username}>
                    <Table.Td>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {member.username}
                        <SelfMarker isSelf={isSelf(member)} />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{member.name ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {member.email ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RoleBadge member={member} />
                    </Table.Td>
                    <Table.Td>
                      <Permissions member={member} />
                    </Table.Td>
                    <Table.Td>
                      <LastSignIn member={member} />
                    </Table.Td>
                    <Table.Td>
                      <StateBadge member={member} />
                    </Table.Td>
                    <Table.Td>
                      <RowMenu member={member} isSelf={isSelf(member)} onAction={onAction} />
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Box>
    </>
  );
}

function RoleBadge({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={member.role === 'admin' ? 'brand' : 'secondary'} tt="none" radius="sm">
      {t(`team.roles.${member.role}`)}
    </Badge>
  );
}

function StateBadge({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Stack gap={2}>
      <Badge variant="dot" color={STATE_COLORS[member.state]} tt="none" radius="sm">
        {t(`team.states.${member.state}`)}
      </Badge>
      {member.has_two_factor ? (
        <Badge variant="outline" color="teal.9" tt="none" radius="sm">
          {t('team.list.twoFactorOn')}
        </Badge>
      ) : null}
      {member.state === 'invited' ? (
        <Text size="xs" c="dimmed">
          {member.invitation_expires_at
            ? t('team.list.expires', { date: format.date(member.invitation_expires_at) })
            : t('team.list.expired')}
        </Text>
      ) : null}
    </Stack>
  );
}

function LastSignIn({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Text size="sm" c={member.last_sign_in_at ? undefined : 'dimmed'}>
      {member.last_sign_in_at ? format.date(member.last_sign_in_at) : t('team.list.never')}
    </Text>
  );
}

function Permissions({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  if (member.permissions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('team.list.noPermissions')}
      </Text>
    );
  }
  return (
    <Group gap={6} role="list" aria-label={t('team.list.columns.permissions')}>
      {member.permissions.map((permission) => (
        <Badge key={permission} role="listitem" variant="outline" color="gray.7" tt="none" radius="sm">
          {t(`team.permissions.${permission}`)}
        </Badge>
      ))}
    </Group>
  );
}

function RowMenu({
  member,
  isSelf,
  onAction,
}: {
  member: StaffMember;
  isSelf: boolean;
  onAction: (action: RowAction, member: StaffMember) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('team.list.actionsOf', { username: member.username })}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actionsFor(member, isSelf).map((action) => (
          <Menu.Item
            key={action}
            color={action === 'delete' || action === 'revoke' ? 'red' : undefined}
            onClick={() => onAction(action, member)}
          >
            {t(`team.actions.${action}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** "(You)" beside one's own username, on the phone's cards as in the table. */
function SelfMarker({ isSelf }: { isSelf: boolean }) {
  const { t } = useTranslation();
  if (!isSelf) return null;
  return (
    <Text span size="xs" c="dimmed" fw={400}>
      {' '}
      ({t('team.list.you')})
    </Text>
  );
}
