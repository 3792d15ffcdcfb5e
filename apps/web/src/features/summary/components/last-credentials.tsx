import type { SummaryCredential, SummaryState } from '@caudal/contract';
import { ActionIcon, Badge, Paper, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { useDateTime } from '../../../shared/format/use-date-time';
import classes from './summary.module.css';

/** The state's colour is the badge's dot; its text stays dark (light badges fail WCAG contrast at 11 px). */
export const STATE_COLOR: Record<SummaryState, string> = {
  blocked: 'red',
  pending: 'blue',
  sca: 'yellow',
  down: 'orange',
  ok: 'teal',
};

/** Tokens are long and random: the start and the end tell them apart on screen. */
export function shortToken(token: string): string {
  return token.length > 14 ? `${token.slice(0, 8)}…${token.slice(-4)}` : token;
}

interface LastCredentialsProps {
  rows: readonly SummaryCredential[] | undefined;
  entityName: (id: string) => string;
  onDelete: (credential: SummaryCredential) => void;
}

const COLUMNS = 6;

/** The newest credentials with their state; each can be deleted (after a confirmation). */
export function LastCredentials({ rows, entityName, onDelete }: LastCredentialsProps) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <TableScroll minWidth={720}>
        <Table verticalSpacing="sm" aria-label={t('summary.last.tableLabel')} aria-busy={rows === undefined}>
          <Table.Thead className={classes.tableHead}>
            <Table.Tr>
              <Table.Th>{t('summary.last.entity')}</Table.Th>
              <Table.Th>{t('summary.last.client')}</Table.Th>
              <Table.Th>{t('summary.last.state')}</Table.Th>
              <Table.Th>{t('summary.last.lastUpdate')}</Table.Th>
              <Table.Th>{t('summary.last.token')}</Table.Th>
              <Table.Th w={64}>
                <VisuallyHidden>{t('summary.last.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows === undefined ? (
              <TableSkeletonRows columns={COLUMNS} rows={5} />
            ) : (
              rows.map((row) => {
                const token = shortToken(row.credentials_token);
                return (
                  <Table.Tr key={row.credentials_token}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {entityName(row.bank)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {row.client_name ?? (
                        <Text size="sm" c="dimmed">
                          {t('summary.last.noClient')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="dot" color={STATE_COLOR[row.state]} radius="sm" miw="max-content">
                        {t(`summary.states.${row.state}`, { count: 1 })}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {row.last_update ? dateTime(row.last_update) : t('summary.last.never')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text component="span" className={classes.mono} title={row.credentials_token}>
                        {token}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={t('summary.last.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => onDelete(row)}
                          aria-label={t('summary.last.deleteLabel', { token })}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Paper>
  );
}
