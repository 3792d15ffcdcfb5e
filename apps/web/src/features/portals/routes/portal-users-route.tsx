import type { PortalUserSummary } from '@caudal/contract';
import { Button } from '@mantine/core';
import { IconPlus, IconUserShield } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DebouncedSearch } from '../../../shared/components/debounced-search';
import { ListEmptyPanel } from '../../../shared/components/list-empty-panel';
import { ListPanel } from '../../../shared/components/list-panel';
import { PageHeader } from '../../../shared/components/page-header';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { useListPageView, useListUrlState } from '../../../shared/routing/use-list-page';
import { usePortalListQuery } from '../api/portal-queries';
import { DeletePortalUserModal } from '../components/delete-portal-user-modal';
import { EditClientsModal } from '../components/edit-clients-modal';
import { PortalPager } from '../components/portal-pager';
import { PortalUserTable } from '../components/portal-user-table';
import { parseListParams, toListParams } from '../lib/list-params';
import { PORTAL_USER_CREATE_PATH } from '../lib/portal-paths';

type Dialog =
  | { kind: 'clients'; user: PortalUserSummary }
  | { kind: 'delete'; user: PortalUserSummary }
  | null;

/** `/portals/users`: portal users searched and paged on the server, the state kept in the URL. */
export function PortalUsersRoute() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { state, update, onSearch } = useListUrlState(parseListParams, toListParams);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = usePortalListQuery(state);
  const { page, refreshing, pager } = useListPageView(list, state, update);

  const createButton = (
    <Button
      component={Link}
      to={to(PORTAL_USER_CREATE_PATH)}
      leftSection={<IconPlus size={18} aria-hidden />}
    >
      {t('portals.list.newUser')}
    </Button>
  );

  const empty = (
    <ListEmptyPanel
      filtered={state.search !== ''}
      noResults={{
        title: t('portals.list.noResultsTitle', { search: state.search }),
        text: t('portals.list.noResultsText'),
        clearLabel: t('portals.list.clearSearch'),
        onClear: () => onSearch(''),
      }}
      empty={{
        icon: <IconUserShield size={26} stroke={1.6} aria-hidden />,
        title: t('portals.list.emptyTitle'),
        text: t('portals.list.emptyText'),
        actions: createButton,
      }}
    />
  );

  return (
    <>
      <PageHeader
        title={t('portals.list.title')}
        subtitle={t('portals.list.subtitle')}
        actions={createButton}
      />
      <ListPanel
        list={list}
        toolbar={
          <DebouncedSearch
            label={t('portals.list.searchLabel')}
            placeholder={t('portals.list.searchPlaceholder')}
            clearLabel={t('portals.list.clearSearch')}
            width={360}
            value={state.search}
            onSearch={onSearch}
          />
        }
        totalLabel={(n) => t('portals.list.total', { n })}
        // Spec section 8: 'Error cargando usuarios'.
        errorTitle={t('errors.usersLoad')}
        retryLabel={t('portals.list.retry')}
        pager={pager ? <PortalPager {...pager} /> : null}
      >
        <PortalUserTable
          users={page?.items}
          refreshing={refreshing}
          onEditClients={(user) => setDialog({ kind: 'clients', user })}
          onDelete={(user) => setDialog({ kind: 'delete', user })}
          empty={empty}
        />
      </ListPanel>
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
