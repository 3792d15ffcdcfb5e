import type { PortalUserSummary } from '@caudal/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlus, IconSearchOff, IconUserShield } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DebouncedSearch } from '../../../shared/components/debounced-search';
import { PageHeader } from '../../../shared/components/page-header';
import { lastPage } from '../../../shared/components/page-range';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { usePortalListQuery } from '../api/portal-queries';
import { DeletePortalUserModal } from '../components/delete-portal-user-modal';
import { EditClientsModal } from '../components/edit-clients-modal';
import { PortalPager } from '../components/portal-pager';
import { PortalUserTable } from '../components/portal-user-table';
import { type PortalListState, parseListParams, toListParams } from '../lib/list-params';
import { PORTAL_USER_CREATE_PATH } from '../lib/portal-paths';

type Dialog =
  | { kind: 'clients'; user: PortalUserSummary }
  | { kind: 'delete'; user: PortalUserSummary }
  | null;

/** `/portals/users`: portal users searched and paged on the server, the state kept in the URL. */
export function PortalUsersRoute() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const format = useFormatters();
  const [params, setParams] = useSearchParams();
  const state = parseListParams(params);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = usePortalListQuery(state);

  const update = useCallback(
    (change: Partial<PortalListState>, options: { replace?: boolean } = {}) => {
      setParams((current) => toListParams({ ...parseListParams(current), ...change }), options);
    },
    [setParams],
  );
  const onSearch = useCallback((search: string) => update({ search, page: 1 }, { replace: true }), [update]);

  const page = list.data;
  // A page beyond the end (users deleted, a stale link) goes to the last page that exists.
  if (page && !list.isPlaceholderData && page.items.length === 0 && state.page > 1 && page.total > 0) {
    const last = lastPage(page.total, state.pageSize);
    if (last !== state.page) queueMicrotask(() => update({ page: last }, { replace: true }));
  }

  const createButton = (
    <Button
      component={Link}
      to={to(PORTAL_USER_CREATE_PATH)}
      leftSection={<IconPlus size={18} aria-hidden />}
    >
      {t('portals.list.newUser')}
    </Button>
  );

  const empty = state.search ? (
    <EmptyPanel
      bare
      icon={<IconSearchOff size={26} stroke={1.6} aria-hidden />}
      title={t('portals.list.noResultsTitle', { search: state.search })}
      text={t('portals.list.noResultsText')}
      actions={
        <Button variant="default" onClick={() => onSearch('')}>
          {t('portals.list.clearSearch')}
        </Button>
      }
    />
  ) : (
    <EmptyPanel
      bare
      icon={<IconUserShield size={26} stroke={1.6} aria-hidden />}
      title={t('portals.list.emptyTitle')}
      text={t('portals.list.emptyText')}
      actions={createButton}
    />
  );

  return (
    <>
      <PageHeader
        title={t('portals.list.title')}
        subtitle={t('portals.list.subtitle')}
        actions={createButton}
      />
      <Paper withBorder radius="md">
        <Group justify="space-between" p="md" gap="sm" wrap="wrap">
          <DebouncedSearch
            label={t('portals.list.searchLabel')}
            placeholder={t('portals.list.searchPlaceholder')}
            clearLabel={t('portals.list.clearSearch')}
            width={360}
            value={state.search}
            onSearch={onSearch}
          />
          {page ? (
            <Text size="sm" c="dimmed">
              {t('portals.list.total', { n: format.integer(page.total) })}
            </Text>
          ) : null}
        </Group>
        {list.isError && !page ? (
          // Spec section 8: 'Error cargando usuarios'.
          <ErrorPanel
            bare
            retryLabel={t('portals.list.retry')}
            title={t('errors.usersLoad')}
            error={list.error}
            onRetry={() => list.refetch()}
          />
        ) : (
          <>
            <PortalUserTable
              users={page?.items}
              refreshing={list.isPlaceholderData && list.isFetching}
              onEditClients={(user) => setDialog({ kind: 'clients', user })}
              onDelete={(user) => setDialog({ kind: 'delete', user })}
              empty={empty}
            />
            {page && page.total > 0 ? (
              <PortalPager
                page={state.page}
                pageSize={state.pageSize}
                rows={page.items.length}
                total={page.total}
                onPage={(next) => update({ page: next })}
                onPageSize={(pageSize) => update({ pageSize, page: 1 })}
              />
            ) : null}
          </>
        )}
      </Paper>
      <EditClientsModal
        user={dialog?.kind === 'clients' ? dialog.user : null}
        onClose={() => setDialog(null)}
      />
      <DeletePortalUserModal
        user={dialog?.kind === 'delete' ? dialog.user : null}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
