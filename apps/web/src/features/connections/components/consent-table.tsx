import type { ConsentFilter, CredentialInformation } from '@caudal/contract/routes';
import { Anchor, Button, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCalendarCheck, IconMailForward } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { useConsentCredentialsQuery, useCredentialsIdentityQuery } from '../api/connections-queries';
import { entityConnectionsPath } from '../lib/connections-paths';
import classes from './connections.module.css';
import { ConsentCell } from './consent-cell';
import { RenewalModal, type RenewalTarget } from './renewal-modal';
import { TokenCell } from './token-cell';
import { useEntityName } from './use-entity-name';

/** Consents expiring within 14 days (or expired), soonest first, each with its renewal action. */
export function ConsentTable({ filter, canManage }: { filter: ConsentFilter; canManage: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const entityName = useEntityName();
  const list = useConsentCredentialsQuery(filter);
  const tokens = useMemo(() => (list.data ?? []).map((item) => item.credentials_token), [list.data]);
  const identities = useCredentialsIdentityQuery(tokens);
  const [renewing, setRenewing] = useState<RenewalTarget | null>(null);

  const renew = (credential: CredentialInformation) => {
    const holders =
      identities.data?.find((entry) => entry.credentials_token === credential.credentials_token)?.holders ??
      [];
    setRenewing({ credential, email: holders.find((holder) => holder.email)?.email ?? null });
  };

  if (list.isError && !list.data) {
    return (
      <ErrorPanel title={t('connections.loadError')} error={list.error} onRetry={() => list.refetch()} />
    );
  }
  if (list.data?.length === 0) {
    return (
      <EmptyPanel
        icon={<IconCalendarCheck size={26} stroke={1.6} aria-hidden />}
        title={
          filter === 'expired'
            ? t('connections.consent.emptyExpiredTitle')
            : t('connections.consent.emptyExpiringTitle')
        }
        text={t('connections.consent.emptyText')}
      />
    );
  }
  const columns = canManage ? 5 : 4;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <TableScroll minWidth={760}>
        <Table
          verticalSpacing="sm"
          highlightOnHover
          aria-label={t('connections.consent.listLabel')}
          aria-busy={list.data === undefined}
        >
          <Table.Thead className={classes.tableHead}>
            <Table.Tr>
              <Table.Th>{t('connections.consent.columns.entity')}</Table.Th>
              <Table.Th>{t('connections.consent.columns.client')}</Table.Th>
              <Table.Th miw={140}>{t('connections.consent.columns.expires')}</Table.Th>
              <Table.Th>{t('connections.consent.columns.credentialsToken')}</Table.Th>
              {canManage ? (
                <Table.Th>
                  <VisuallyHidden>{t('connections.detail.columns.actions')}</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data === undefined ? (
              <TableSkeletonRows columns={columns} rows={4} />
            ) : (
              list.data.map((credential) => (
                <Table.Tr key={credential.credentials_token}>
                  <Table.Td fw={500}>
                    <Anchor component={Link} to={to(entityConnectionsPath(credential.bank))} size="sm">
                      {entityName(credential.bank)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {credential.client_name ?? (
                      <Text span size="sm" c="dimmed" fs="italic">
                        {t('connections.consent.noClient')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ConsentCell consent={credential} />
                  </Table.Td>
                  <Table.Td>
                    <TokenCell token={credential.credentials_token} />
                  </Table.Td>
                  {canManage ? (
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconMailForward size={14} aria-hidden />}
                        onClick={() => renew(credential)}
                      >
                        {t('connections.consent.renew')}
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <RenewalModal
        target={renewing}
        entityName={renewing ? entityName(renewing.credential.bank) : ''}
        onClose={() => setRenewing(null)}
      />
    </Paper>
  );
}
