import { type Client, wealth } from '@caudal/contract/routes';
import { Button } from '@mantine/core';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmptyPanel } from '../../../shared/components/list-empty-panel';
import { ListPanel } from '../../../shared/components/list-panel';
import { PageHeader } from '../../../shared/components/page-header';
import { useListPageView, useListUrlState } from '../../../shared/routing/use-list-page';
import { useCanCall } from '../../../shared/session/use-can-call';
import { useClientListQuery } from '../api/client-queries';
import { ClientPager } from '../components/client-pager';
import { ClientSearch } from '../components/client-search';
import { ClientTable } from '../components/client-table';
import { parseListParams, toListParams } from '../lib/list-params';

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
  const { state, update, onSearch } = useListUrlState(parseListParams, toListParams);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useClientListQuery(state);
  const { page, refreshing, pager } = useListPageView(list, state, update);
  // Each action only when its (staff-only) call would be allowed: the contract answers, not a role check.
  const canCreate = useCanCall(wealth.clientCreate);
  const canEdit = useCanCall(wealth.clientEdit);
  const canDelete = useCanCall(wealth.clientDelete);

  const createButton = canCreate ? (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
      {t('wealth.clients.newClient')}
    </Button>
  ) : null;

  const empty = (
    <ListEmptyPanel
      filtered={state.search !== ''}
      noResults={{
        title: t('wealth.clients.noResultsTitle', { search: state.search }),
        text: t('wealth.clients.noResultsText'),
        clearLabel: t('wealth.clients.clearSearch'),
        onClear: () => onSearch(''),
      }}
      empty={{
        icon: <IconUsers size={26} stroke={1.6} aria-hidden />,
        title: t('wealth.clients.emptyTitle'),
        text: t('wealth.clients.emptyText'),
        actions: createButton,
      }}
    />
  );

  return (
    <>
      <PageHeader
        title={t('wealth.clients.title')}
        subtitle={t('wealth.clients.subtitle')}
        actions={createButton}
      />
      <ListPanel
        list={list}
        toolbar={<ClientSearch value={state.search} onSearch={onSearch} />}
        totalLabel={(n) => t('wealth.clients.total', { n })}
        errorTitle={t('wealth.clients.loadError')}
        retryLabel={t('wealth.retry')}
        pager={pager ? <ClientPager {...pager} /> : null}
      >
        <ClientTable
          clients={page?.items}
          state={state}
          refreshing={refreshing}
          onSort={(sort) => update({ ...sort, page: 1 })}
          onEdit={canEdit ? (client) => setDialog({ kind: 'edit', client }) : undefined}
          onDelete={canDelete ? (client) => setDialog({ kind: 'delete', client }) : undefined}
          empty={empty}
        />
      </ListPanel>
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
