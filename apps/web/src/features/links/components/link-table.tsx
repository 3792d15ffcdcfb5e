import type { Link } from '@caudal/contract';
import { ActionIcon, Badge, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  IconChartFunnel,
  IconDots,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { LinkUrl } from './link-url';
import classes from './links.module.css';

export interface LinkActions {
  onEdit: (link: Link) => void;
  onSetActive: (link: Link, active: boolean) => void;
  onDelete: (link: Link) => void;
}

interface LinkTableProps extends LinkActions {
  links: readonly Link[] | undefined;
  refreshing: boolean;
  /** Shown instead of rows when there are none (empty list, no results). */
  empty: ReactNode;
}

const COLUMNS = 5;

export function LinkTable({ links, refreshing, empty, ...actions }: LinkTableProps) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={760}>
      <Table
        verticalSpacing="sm"
        aria-label={t('links.list.tableLabel')}
        aria-busy={refreshing || links === undefined}
        className={refreshing ? classes.refreshing : undefined}
      >
        <Table.Thead className={classes.tableHead}>
          <Table.Tr>
            <Table.Th>{t('links.list.columns.name')}</Table.Th>
            <Table.Th>{t('links.list.columns.url')}</Table.Th>
            <Table.Th w={110}>{t('links.list.columns.status')}</Table.Th>
            <Table.Th w={150} className={classes.numeric}>
              <span title={t('links.list.pendingHint')}>{t('links.list.columns.pending')}</span>
            </Table.Th>
            <Table.Th w={64}>
              <VisuallyHidden>{t('links.list.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links === undefined ? (
            <TableSkeletonRows columns={COLUMNS} rows={5} />
          ) : links.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS} p={0}>
                {empty}
              </Table.Td>
            </Table.Tr>
          ) : (
            links.map((link) => <LinkRow key={link.token} link={link} {...actions} />)
          )}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function LinkRow({ link, onEdit, onSetActive, onDelete }: { link: Link } & LinkActions) {
  const { t } = useTranslation();
  const format = useFormatters();
  const to = useLocalePath();
  const deletable = link.pending_code_count === 0;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm" c="secondary.9">
          {link.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <LinkUrl name={link.name} url={link.url} />
      </Table.Td>
      <Table.Td>
        <Badge
          variant="light"
          color={link.active ? 'teal' : 'gray'}
          radius="sm"
          // The light teal's text is under 4.5:1 at badge size: a darker pair keeps it readable.
          styles={
            link.active
              ? { root: { color: 'var(--mantine-color-teal-9)', background: 'var(--mantine-color-teal-0)' } }
              : undefined
          }
        >
          {link.active ? t('links.list.active') : t('links.list.paused')}
        </Badge>
      </Table.Td>
      <Table.Td className={classes.numeric}>{format.integer(link.pending_code_count)}</Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal shadow="md" width={260}>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('links.list.actionsOf', { name: link.name })}
            >
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              component={RouterLink}
              to={to(`/links/${encodeURIComponent(link.token)}/funnel`)}
              leftSection={<IconChartFunnel size={16} aria-hidden />}
            >
              {t('links.list.funnel')}
            </Menu.Item>
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(link)}>
              {t('links.list.edit')}
            </Menu.Item>
            {link.active ? (
              <Menu.Item
                leftSection={<IconPlayerPause size={16} aria-hidden />}
                onClick={() => onSetActive(link, false)}
              >
                {t('links.list.pause')}
              </Menu.Item>
            ) : (
              <Menu.Item
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                onClick={() => onSetActive(link, true)}
              >
                {t('links.list.resume')}
              </Menu.Item>
            )}
            <Menu.Divider />
            <Menu.Item
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={!deletable}
              onClick={() => onDelete(link)}
            >
              <Stack component="span" gap={2}>
                <span>{t('links.list.delete')}</span>
                {deletable ? null : (
                  <Text component="span" size="xs" c="dimmed" display="block">
                    {t('links.list.deleteBlocked', { n: format.integer(link.pending_code_count) })}
                  </Text>
                )}
              </Stack>
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}
