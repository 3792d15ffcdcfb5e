import { type Client, wealth } from '@caudal/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlus, IconSearchOff, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/components/page-header';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useCanCall } from '../../../shared/session/use-can-call';
import { useClientListQuery } from '../api/client-queries';
import { ClientPager } from '../components/client-pager';
import { ClientSearch } from '../components/client-search';
import { ClientTable } from '../components/client-table';
import { type ClientListState, lastPage, parseListParams, toListParams } from '../lib/list-params';

// The dialogs (forms, selects) load when first opened: the list's first screen does not need them.
const ClientFormModal = lazy(() =>
  import('../components/client-form-modal').then((m) => ({ default: m.ClientFormModal })),
);
const DeleteClientModal = lazy(() =>
  import('../components/delete-client-modal').then((m) => ({ default: m.DeleteClientModal })),
);

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; client: Client }
  | { kind: 'delete'; client: Client }
  | null;

/** `/wealth/clients`: server-side search, sort and paging, all kept in the URL. */
export function ClientListRoute() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [params, setParams] = useSearchParams();
  const state = parseListParams(params);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useClientListQuery(state);
  // Each action only when its (staff-only) call would be allowed: the contract answers, not a role check.
  const canCreate = useCanCall(wealth.clientCreate);
  const canEdit = useCanCall(wealth.clientEdit);
  const canDelete = useCanCall(wealth.clientDelete);

  const update = useCallback(
    (change: Partial<ClientListState>, options: { replace?: boolean } = {}) => {
      setParams((current) => toListParams({ ...parseListParams(current), ...change }), options);
    },
    [setParams],
  );
  // Typing replaces the history entry (back should not replay every keystroke); paging adds one.
  const onSearch = useCallback((search: string) => update({ search, page: 1 }, { replace: true }), [update]);

  const page = list.data;
  // A page beyond the end (rows deleted, a stale link) goes to the last page that exists.
  if (page && !list.isPlaceholderData && page.items.length === 0 && state.page > 1 && page.total > 0) {
    const last = lastPage(page.total, state.pageSize);
    if (last !== state.page) queueMicrotask(() => update({ page: last }, { replace: true }));
  }

  const createButton = canCreate ? (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
      {t('wealth.clients.newClient')}
    </Button>
  ) : null;

  const empty = state.search ? (
    <EmptyPanel
      bare
      icon={<IconSearchOff size={26} stroke={1.6} aria-hidden />}
      title={t('wealth.clients.noResultsTitle', { search: state.search })}
      text={t('wealth.clients.noResultsText')}
      actions={
        <Button variant="default" onClick={() => onSearch('')}>
          {t('wealth.clients.clearSearch')}
        </Button>
      }
    />
  ) : (
    <EmptyPanel
      bare
      icon={<IconUsers size={26} stroke={1.6} aria-hidden />}
      title={t('wealth.clients.emptyTitle')}
      text={t('wealth.clients.emptyText')}
      actions={createButton}
    />
  );

  return (
    <>
      <PageHeader
        title={t('wealth.clients.title')}
        subtitle={t('wealth.clients.subtitle')}
        actions={createButton}
      />
      <Paper withBorder radius="md">
        <Group justify="space-between" p="md" gap="sm" wrap="wrap">
          <ClientSearch value={state.search} onSearch={onSearch} />
          {page ? (
            <Text size="sm" c="dimmed">
              {t('wealth.clients.total', { n: format.integer(page.total) })}
            </Text>
          ) : null}
        </Group>
        {list.isError && !page ? (
          <ErrorPanel
            retryLabel={t('wealth.retry')}
            bare
            title={t('wealth.clients.loadError')}
            error={list.error}
            onRetry={() => list.refetch()}
          />
        ) : (
          <>
            <ClientTable
              clients={page?.items}
              state={state}
              refreshing={list.isPlaceholderData && list.isFetching}
              onSort={(sort) => update({ ...sort, page: 1 })}
              onEdit={canEdit ? (client) => setDialog({ kind: 'edit', client }) : undefined}
              onDelete={canDelete ? (client) => setDialog({ kind: 'delete', client }) : undefined}
              empty={empty}
            />
            {page && page.total > 0 ? (
              <ClientPager
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
      {dialog ? (
        <Suspense fallback={null}>
          <ClientFormModal
            opened={dialog.kind === 'create' || dialog.kind === 'edit'}
            client={dialog.kind === 'edit' ? dialog.client : null}
            onClose={() => setDialog(null)}
          />
          <DeleteClientModal
            client={dialog.kind === 'delete' ? dialog.client : null}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
