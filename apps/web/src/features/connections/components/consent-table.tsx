import {
  type ConsentFilter,
  CREDENTIAL_PAGE_SIZE,
  type CredentialInformation,
} from '@caudal/contract/routes';
import { Anchor, Button, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCalendarCheck, IconMailForward } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lastPage } from '../../../shared/components/page-range';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { TableScroll } from '../../../shared/components/table-scroll';
import { TableSkeletonRows } from '../../../shared/components/table-skeleton';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { LIST_KEYS, parsePagedList, toPagedListParams } from '../../../shared/routing/list-params';
import { useSearchParamsChange } from '../../../shared/routing/pending-search';
import { keepsScroll } from '../../../shared/routing/use-list-page';
import { useConsentCredentialsQuery, useCredentialsIdentityQuery } from '../api/connections-queries';
import { entityConnectionsPath } from '../lib/connections-paths';
import classes from './connections.module.css';
import { ConsentCell } from './consent-cell';
import { CredentialsPager } from './credentials-pager';
import { RenewalModal, type RenewalTarget } from './renewal-modal';
import { TokenCell } from './token-cell';
import { useEntityName } from './use-entity-name';

/** Consents expiring within 14 days (or expired), soonest first, each with its renewal action. */
export function ConsentTable({ filter, canManage }: { filter: ConsentFilter; canManage: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const entityName = useEntityName();
  const [paging, setPaging] = useConsentPaging();
  const list = useConsentCredentialsQuery(filter, paging);
  const items = list.data?.items;
  const tokens = useMemo(() => (items ?? []).map((item) => item.credentials_token), [items]);
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
  const total = list.data?.total ?? 0;
  // A page beyond the end (renewed meanwhile, a stale link) goes back to the last one that exists.
  if (list.data && !list.isPlaceholderData && items?.length === 0 && paging.page > 1) {
    const last = lastPage(total, paging.pageSize);
    if (last !== paging.page) queueMicrotask(() => setPaging({ page: last }, { replace: true }));
  }
  if (items?.length === 0 && paging.page === 1) {
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
          aria-busy={items === undefined || (list.isPlaceholderData && list.isFetching)}
          className={list.isPlaceholderData && list.isFetching ? classes.refreshing : undefined}
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
            {items === undefined ? (
              <TableSkeletonRows columns={columns} rows={4} />
            ) : (
              items.map((credential) => (
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
      {list.data && total > 0 ? (
        <CredentialsPager
          page={paging.page}
          pageSize={paging.pageSize}
          rows={items?.length ?? 0}
          total={total}
          onPage={(page) => setPaging({ page })}
          onPageSize={(pageSize) => setPaging({ pageSize, page: 1 })}
        />
      ) : null}
      <RenewalModal
        target={renewing}
        entityName={renewing ? entityName(renewing.credential.bank) : ''}
        onClose={() => setRenewing(null)}
      />
    </Paper>
  );
}

const DEFAULT_PAGING = { search: '', page: 1, pageSize: CREDENTIAL_PAGE_SIZE.default };

/** The to-do list's page and size, in the address beside its `consent` filter (back and forward keep them). */
function useConsentPaging() {
  const [params, changeParams] = useSearchParamsChange();
  const { page, pageSize } = parsePagedList(params, DEFAULT_PAGING);
  const set = (change: { page?: number; pageSize?: number }, options: { replace?: boolean } = {}) =>
    changeParams(
      (current) => {
        const next = { ...parsePagedList(current, DEFAULT_PAGING), ...change };
        const updated = new URLSearchParams(current);
        updated.delete(LIST_KEYS.page);
        updated.delete(LIST_KEYS.pageSize);
        for (const [key, value] of toPagedListParams(next, DEFAULT_PAGING)) updated.set(key, value);
        return updated;
      },
      { preventScrollReset: keepsScroll(change), ...options },
    );
  return [{ page, pageSize }, set] as const;
}
