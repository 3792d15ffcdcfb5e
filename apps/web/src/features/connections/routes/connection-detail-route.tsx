import { type CredentialInformation, connections, funnel, resolveEntityId } from '@caudal/contract/routes';
import { Anchor, Badge, Breadcrumbs, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { errorMessageKey } from '../../../shared/api/api-error';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { StatusPage } from '../../../shared/components/status-page';
import { useFormatters } from '../../../shared/format/use-formatters';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { useSession } from '../../../shared/session/session-context';
import { useCanCall } from '../../../shared/session/use-can-call';
import { EntityHealthCard } from '../../funnel';
import { useRefreshCredentialMutation } from '../api/connections-mutations';
import { useCredentialsIdentityQuery, useCredentialsQuery } from '../api/connections-queries';
import type { CredentialAction } from '../components/credential-menu';
import { DeleteCredentialModal } from '../components/delete-credential-modal';
import { IdentityTable } from '../components/identity-table';
import { ProductsSection } from '../components/products-table';
import { RenewalModal, type RenewalTarget } from '../components/renewal-modal';
import { RepairModal, type RepairTarget } from '../components/repair-modal';
import { useEntityName } from '../components/use-entity-name';
import { useNow } from '../components/use-now';
import { CONNECTIONS_PATH, entityConnectionsPath } from '../lib/connections-paths';
import { summariseCredentials } from '../lib/credential-summary';
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
  const credentials = useCredentialsQuery(entityId);
  const list = credentials.data;
  const tokens = useMemo(() => (list ?? []).map((credential) => credential.credentials_token), [list]);
  const identities = useCredentialsIdentityQuery(tokens);
  const [picked, setPicked] = useState<string | null>(null);
  const [repair, setRepair] = useState<RepairTarget | null>(null);
  const [deleting, setDeleting] = useState<CredentialInformation | null>(null);
  const [renewing, setRenewing] = useState<RenewalTarget | null>(null);
  const refresh = useRefreshCredentialMutation();

  // The products follow the picked credential, or the first one until the user picks.
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

  if (!isKnown && list?.length === 0) {
    return <EntityNotFound id={entityId} />;
  }

  const loadError = credentials.isError ? credentials : identities.isError ? identities : null;

  return (
    <>
      <DetailHeading name={name} count={list ? summariseCredentials(list, now).total : undefined} />
      {canSeeHealth ? <EntityHealthCard entityId={entityId} /> : null}
      <Title order={2} fz="lg" mb="sm">
        {t('connections.detail.identityTitle')}
      </Title>
      <IdentityTable
        rows={rows}
        error={loadError ? { error: loadError.error, onRetry: () => loadError.refetch() } : null}
        now={now}
        selectedToken={selectedToken}
        refreshingToken={refresh.isPending ? (refresh.variables ?? null) : null}
        canManage={canManage}
        onSelect={setPicked}
        onAction={onAction}
      />
      {list && list.length > 0 ? (
        <ProductsSection credentials={list} selectedToken={selectedToken} onSelect={setPicked} />
      ) : null}
      <RepairModal target={repair} entityName={name} onClose={() => setRepair(null)} />
      <DeleteCredentialModal credential={deleting} entityName={name} onClose={() => setDeleting(null)} />
      <RenewalModal target={renewing} entityName={name} onClose={() => setRenewing(null)} />
    </>
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
