import { type CredentialInformation, connections, funnel, resolveEntityId } from '@caudal/contract/routes';
import { Anchor, Badge, Breadcrumbs, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowsSort, IconChevronRight, IconUserOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { errorMessageKey } from '../../../shared/api/api-error';
import { DebouncedSearch } from '../../../shared/components/debounced-search';
import { ListEmptyPanel } from '../../../shared/components/list-empty-panel';
import { ListPanel } from '../../../shared/components/list-panel';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { StatusPage } from '../../../shared/components/status-page';
import { useFormatters } from '../../../shared/format/use-formatters';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { useListPageView, useListUrlState } from '../../../shared/routing/use-list-page';
import { useSession } from '../../../shared/session/session-context';
import { useCanCall } from '../../../shared/session/use-can-call';
import { EntityHealthCard } from '../../funnel';
import { useRefreshCredentialMutation } from '../api/connections-mutations';
import { useCredentialsIdentityQuery, useEntityCredentialsQuery } from '../api/connections-queries';
import type { CredentialAction } from '../components/credential-menu';
import { CredentialsPager } from '../components/credentials-pager';
import { DeleteCredentialModal } from '../components/delete-credential-modal';
import { IdentityTable } from '../components/identity-table';
import { ProductsSection } from '../components/products-table';
import { RenewalModal, type RenewalTarget } from '../components/renewal-modal';
import { RepairModal, type RepairTarget } from '../components/repair-modal';
import { useEntityName } from '../components/use-entity-name';
import { useNow } from '../components/use-now';
import { CONNECTIONS_PATH, entityConnectionsPath } from '../lib/connections-paths';
import {
  type EntityListState,
  nextSort,
  parseEntityListParams,
  parseSortChoice,
  SORT_CHOICES,
  sortLabelKey,
  toEntityListParams,
} from '../lib/entity-list-params';
import { identityRows } from '../lib/identity-rows';

/** `/wealth/connections/:entityId`: the institution's credentials, their holders and products. */
export function ConnectionDetailRoute() {
  const { entityId = '' } = useParams();
  const { entities } = useSession();
  const to = useLocalePath();
  // Spec section 9: `andbank-e` is Andbank. The address becomes the base entity's, with the same rule
  // the API applies (the contract's resolveEntityId).
  const known = useMemo(() => new Set(entities.map((entity) => entity.id)), [entities]);
  const base = resolveEntityId(entityId, known);
  if (base !== null && base !== entityId) {
    return <Navigate to={to(entityConnectionsPath(base))} replace />;
  }
  return <EntityConnections key={entityId} entityId={entityId} isKnown={base !== null} />;
}

function EntityConnections({ entityId, isKnown }: { entityId: string; isKnown: boolean }) {
  const { t } = useTranslation();
  // The credential menu's every action is a staff-only call: the contract says who may make them.
  const canManage = useCanCall(connections.credentialsDelete);
  // Institution health is company-wide: staff only, as the contract says.
  const canSeeHealth = useCanCall(funnel.getInstitutionHealth);
  const now = useNow();
  const entityName = useEntityName();
  const name = entityName(entityId);
  // Search, sort and page live in the address (back and forward keep them) and go to the server.
  const { state, update, onSearch } = useListUrlState(parseEntityListParams, toEntityListParams);
  const credentials = useEntityCredentialsQuery(entityId, state);
  const { page, refreshing, pager } = useListPageView(credentials, state, update);
  const list = page?.items;
  const tokens = useMemo(() => (list ?? []).map((credential) => credential.credentials_token), [list]);
  const identities = useCredentialsIdentityQuery(tokens);
  const [picked, setPicked] = useState<string | null>(null);
  const [repair, setRepair] = useState<RepairTarget | null>(null);
  const [deleting, setDeleting] = useState<CredentialInformation | null>(null);
  const [renewing, setRenewing] = useState<RenewalTarget | null>(null);
  const refresh = useRefreshCredentialMutation();

  // The products follow the picked credential, or the page's first one until the user picks.
  const selectedToken = picked && tokens.includes(picked) ? picked : (tokens[0] ?? null);

  const rows = useMemo(() => {
    if (!list) return undefined;
    if (list.length === 0) return [];
    if (!identities.data) return undefined;
    return identityRows(list, identities.data);
  }, [list, identities.data]);

  const onAction = (action: CredentialAction, credential: CredentialInformation) => {
    if (action === 'delete') setDeleting(credential);
    else if (action === 'renew') {
      // The holder's address from the identity (the first holder that has one), editable in the dialog.
      const holders =
        identities.data?.find((entry) => entry.credentials_token === credential.credentials_token)?.holders ??
        [];
      setRenewing({ credential, email: holders.find((holder) => holder.email)?.email ?? null });
    } else if (action === 'refresh') {
      refresh.mutate(credential.credentials_token, {
        onSuccess: () => notifySuccess(t('connections.actions.refreshed')),
        onError: (error) =>
          notifyFailure(t('connections.actions.refreshFailed'), translateDynamic(errorMessageKey(error))),
      });
    } else setRepair({ kind: action, credential });
  };

  // An unknown id with no credentials at all (not merely none matching a search) is not an institution.
  if (!isKnown && page && !refreshing && page.total === 0 && state.search === '') {
    return <EntityNotFound id={entityId} />;
  }

  const identityError = identities.isError && list && list.length > 0 ? identities : null;
  const empty = (
    <ListEmptyPanel
      filtered={state.search !== ''}
      noResults={{
        title: t('connections.detail.list.noResultsTitle', { search: state.search }),
        text: t('connections.detail.list.noResultsText'),
        clearLabel: t('connections.detail.list.clearSearch'),
        onClear: () => onSearch(''),
      }}
      empty={{
        icon: <IconUserOff size={26} stroke={1.6} aria-hidden />,
        title: t('connections.detail.identityEmptyTitle'),
        text: t('connections.detail.identityEmptyText'),
        actions: null,
      }}
    />
  );

  return (
    <>
      {/* The institution's count, not the search's: the list's own total says how many match. */}
      <DetailHeading name={name} count={page && state.search === '' ? page.total : undefined} />
      {canSeeHealth ? <EntityHealthCard entityId={entityId} /> : null}
      <Title order={2} fz="lg" mb="sm">
        {t('connections.detail.identityTitle')}
      </Title>
      <ListPanel
        list={credentials}
        toolbar={
          <EntityListToolbar
            state={state}
            onSearch={onSearch}
            onSort={(sort) => update({ ...sort, page: 1 })}
          />
        }
        totalLabel={state.search ? (n) => t('connections.detail.list.total', { n }) : undefined}
        errorTitle={t('connections.loadError')}
        retryLabel={t('connections.retry')}
        pager={pager ? <CredentialsPager {...pager} /> : null}
      >
        <IdentityTable
          rows={rows}
          error={
            identityError ? { error: identityError.error, onRetry: () => identityError.refetch() } : null
          }
          empty={empty}
          refreshing={refreshing}
          skeletonRows={Math.min(state.pageSize, 10)}
          sort={{ sort: state.sort, order: state.order }}
          onSort={(column) => update({ ...nextSort(state, column), page: 1 })}
          now={now}
          selectedToken={selectedToken}
          refreshingToken={refresh.isPending ? (refresh.variables ?? null) : null}
          canManage={canManage}
          onSelect={setPicked}
          onAction={onAction}
        />
      </ListPanel>
      {list && list.length > 0 ? (
        <ProductsSection credentials={list} selectedToken={selectedToken} onSelect={setPicked} />
      ) : null}
      <RepairModal target={repair} entityName={name} onClose={() => setRepair(null)} />
      <DeleteCredentialModal credential={deleting} entityName={name} onClose={() => setDeleting(null)} />
      <RenewalModal target={renewing} entityName={name} onClose={() => setRenewing(null)} />
    </>
  );
}

function EntityListToolbar({
  state,
  onSearch,
  onSort,
}: {
  state: EntityListState;
  onSearch: (search: string) => void;
  onSort: (sort: Pick<EntityListState, 'sort' | 'order'>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap" align="flex-end" style={{ flex: 1 }}>
      <DebouncedSearch
        label={t('connections.detail.list.searchLabel')}
        placeholder={t('connections.detail.list.searchPlaceholder')}
        clearLabel={t('connections.detail.list.clearSearch')}
        width={340}
        value={state.search}
        onSearch={onSearch}
      />
      {/* Every order, on any screen: the sortable headers scroll out of sight on a phone. */}
      <NativeSelect
        aria-label={t('connections.detail.list.sortLabel')}
        leftSection={<IconArrowsSort size={16} aria-hidden />}
        value={`${state.sort}:${state.order}`}
        onChange={(event) => {
          const sort = parseSortChoice(event.currentTarget.value);
          if (sort) onSort(sort);
        }}
        data={SORT_CHOICES.map((choice) => ({
          value: choice,
          label: t(`connections.detail.list.sorts.${sortLabelKey(choice)}`),
        }))}
        w={{ base: '100%', sm: 290 }}
      />
    </Group>
  );
}

function DetailHeading({ name, count }: { name: string; count: number | undefined }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const format = useFormatters();
  return (
    <>
      <nav aria-label={t('connections.detail.breadcrumbs')}>
        <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden />} separatorMargin={6} mb="sm">
          <Anchor component={Link} to={to(CONNECTIONS_PATH)} size="sm" c="dimmed">
            {t('connections.detail.back')}
          </Anchor>
          <Text size="sm" c="dark.7" fw={500} aria-current="page">
            {name}
          </Text>
        </Breadcrumbs>
      </nav>
      <Paper withBorder radius="md" p="lg" mb="lg">
        <Group justify="space-between" align="center">
          <Stack gap={6}>
            <Badge variant="light" radius="sm" size="sm" w="fit-content">
              {t('connections.detail.kind')}
            </Badge>
            <Title order={1} fz={24} fw={700} c="secondary.9">
              {name}
            </Title>
          </Stack>
          {count !== undefined ? (
            <Text c="dimmed" size="sm">
              {t('connections.detail.credentialsCount', { count, n: format.integer(count) })}
            </Text>
          ) : null}
        </Group>
      </Paper>
    </>
  );
}

function EntityNotFound({ id }: { id: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <StatusPage
      kind="not-found"
      title={t('connections.detail.notFoundTitle')}
      message={t('connections.detail.notFoundText', { id })}
      actions={
        <Anchor component={Link} to={to(CONNECTIONS_PATH)}>
          {t('connections.detail.back')}
        </Anchor>
      }
    />
  );
}
