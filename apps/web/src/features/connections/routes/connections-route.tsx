import { CONSENT_FILTERS, type ConsentFilter, connections } from '@caudal/contract/routes';
import { Button, Group, SegmentedControl, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifySuccess } from '../../../shared/components/notify';
import { PageHeader } from '../../../shared/components/page-header';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { useCanCall } from '../../../shared/session/use-can-call';
import { useCredentialCountsQuery } from '../api/connections-queries';
import { ConsentTable } from '../components/consent-table';
import { EntityTable } from '../components/entity-table';
import { NewConnectionModal } from '../components/new-connection-modal';
import { StatCards } from '../components/stat-cards';
import { useEntityName } from '../components/use-entity-name';
import { consumeFromLink } from '../lib/connect-links';

/** `/wealth/connections`: the counts, the institutions with credentials and the new connection dialog. */
export function ConnectionsRoute() {
  const { t } = useTranslation();
  const canManage = useCanCall(connections.createConnectLink);
  const entityName = useEntityName();
  const figures = useCredentialCountsQuery();
  const [creating, setCreating] = useState(false);
  useFromLinkNotice();
  const [consent, setConsent] = useConsentFilter();
  const isPhone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });

  const data = figures.data;
  const rows = useMemo(
    () =>
      data?.entities
        .map((row) => ({ ...row, name: entityName(row.entity_id) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [data, entityName],
  );

  const newButton = canManage ? (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
      {t('connections.newConnection')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title={t('connections.title')} subtitle={t('connections.subtitle')} actions={newButton} />
      {figures.isError && !data ? (
        <ErrorPanel
          title={t('connections.loadError')}
          error={figures.error}
          onRetry={() => figures.refetch()}
        />
      ) : (
        <>
          <StatCards counts={data?.counts} />
          <Group justify="space-between" align="center" mb="sm" gap="sm">
            <Title order={2} fz="lg">
              {consent ? t('connections.consent.listLabel') : t('connections.entities.tableLabel')}
            </Title>
            <SegmentedControl
              // On a phone the three choices share the full width, their labels on two lines if need be:
              // each one in sight (scrolled inside the control, the last one hid behind the edge).
              fullWidth={isPhone}
              w={isPhone ? '100%' : undefined}
              styles={
                isPhone
                  ? {
                      label: {
                        whiteSpace: 'normal',
                        lineHeight: 1.25,
                        height: '100%',
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                      },
                    }
                  : undefined
              }
              aria-label={t('connections.consent.filterLabel')}
              value={consent ?? 'all'}
              onChange={(value) => setConsent(value === 'all' ? null : (value as ConsentFilter))}
              data={[
                { value: 'all', label: t('connections.consent.filterAll') },
                { value: 'expiring', label: t('connections.consent.filterExpiring') },
                { value: 'expired', label: t('connections.consent.filterExpired') },
              ]}
            />
          </Group>
          {consent ? (
            <ConsentTable filter={consent} canManage={canManage} />
          ) : rows?.length === 0 ? (
            <EmptyPanel
              icon={<IconPlugConnected size={26} stroke={1.6} aria-hidden />}
              title={t('connections.entities.emptyTitle')}
              text={t('connections.entities.emptyText')}
              actions={newButton}
            />
          ) : (
            <EntityTable rows={rows} />
          )}
        </>
      )}
      <NewConnectionModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}

/** `?consent=expiring|expired`: the consent list instead of the institutions (kept in the address). */
function useConsentFilter(): [ConsentFilter | null, (next: ConsentFilter | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('consent');
  const filter = (CONSENT_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as ConsentFilter)
    : null;
  const set = (next: ConsentFilter | null) => {
    const updated = new URLSearchParams(params);
    if (next) updated.set('consent', next);
    else updated.delete('consent');
    // Another list: its paging starts again (consent-table.tsx keeps it in the same address).
    updated.delete('page');
    updated.delete('size');
    setParams(updated, { replace: true });
  };
  return [filter, set];
}

/** Back from the hosted flow (`?fromlink=true`): announce it once and drop the marker from the URL. */
function useFromLinkNotice() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const announced = useRef(false);
  useEffect(() => {
    const { connected, rest } = consumeFromLink(params);
    if (!connected || announced.current) return;
    announced.current = true;
    // A fixed id: StrictMode's double effect or a quick re-render cannot stack two toasts.
    notifySuccess(t('connections.connected'), 'connections-fromlink');
    setParams(rest, { replace: true });
  }, [params, setParams, t]);
}
