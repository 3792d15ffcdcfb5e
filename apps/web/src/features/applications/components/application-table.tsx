import type { Application } from '@caudal/contract';
import { ActionIcon, Anchor, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocale } from '../../../shared/i18n/use-locale';
import classes from './applications.module.css';
import { useCopy } from './copy-field';

interface ApplicationTableProps {
  applications: readonly Application[] | undefined;
  refreshing: boolean;
  empty: ReactNode;
  onDelete: (application: Application) => void;
}

const COLUMNS = 4;

export function ApplicationTable({ applications, refreshing, empty, onDelete }: ApplicationTableProps) {
  const { t } = useTranslation();
  return (
    <Table
      verticalSpacing="sm"
      aria-label={t('applications.list.tableLabel')}
      aria-busy={refreshing || applications === undefined}
      className={`${classes.table} ${refreshing ? classes.refreshing : ''}`}
    >
      <Table.Thead className={classes.tableHead}>
        <Table.Tr>
          <Table.Th>{t('applications.list.columns.name')}</Table.Th>
          <Table.Th>{t('applications.list.columns.clientId')}</Table.Th>
          <Table.Th w={170}>{t('applications.list.columns.createdAt')}</Table.Th>
          <Table.Th w={64}>
            <VisuallyHidden>{t('applications.list.columns.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {applications === undefined ? (
          <TableSkeletonRows columns={COLUMNS} rows={4} />
        ) : applications.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={COLUMNS} p={0} data-cell="empty">
              {empty}
            </Table.Td>
          </Table.Tr>
        ) : (
          applications.map((application) => (
            <ApplicationRow key={application.client_id} application={application} onDelete={onDelete} />
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}

function ApplicationRow({
  application,
  onDelete,
}: {
  application: Application;
  onDelete: (application: Application) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { state, copy } = useCopy();
  const language = useLocale();
  const copied = state === 'copied';
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor
          component={Link}
          to={`/${language}/applications/${encodeURIComponent(application.client_id)}/webhooks`}
          fw={600}
          size="sm"
        >
          {application.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Text className={classes.clientId}>{application.client_id}</Text>
          <Tooltip
            label={
              state === 'failed'
                ? t('applications.secret.copyFailed')
                : copied
                  ? t('applications.list.copied')
                  : t('applications.list.copy')
            }
            withArrow
          >
            <ActionIcon
              variant={copied ? 'filled' : 'subtle'}
              color={copied ? 'teal' : 'gray'}
              onClick={() => copy(application.client_id)}
              aria-label={t('applications.list.copyClientIdOf', { name: application.name })}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          <VisuallyHidden aria-live="polite">{copied ? t('applications.list.copied') : ''}</VisuallyHidden>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="gray.7" title={format.dateTime(application.created_at)}>
          {format.date(application.created_at)}
        </Text>
      </Table.Td>
      <Table.Td data-cell="actions">
        <Tooltip label={t('applications.remove.title')} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => onDelete(application)}
            aria-label={t('applications.list.deleteOf', { name: application.name })}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}
