import type { SummaryCredential } from '@caudal/contract';
import { Button, Stack, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal, ConfirmText } from '../../../shared/components/confirm-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { PageHeader } from '../../../shared/components/page-header';
import { EmptyPanel, ErrorPanel } from '../../../shared/components/state-panel';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { hasPermission, useSession } from '../../../shared/session/session-context';
import { InstitutionHealthPanel } from '../../funnel';
import { useDeleteCredentialsMutation, useSummaryQuery } from '../api/summary-api';
import { ConsentCards } from '../components/consent-cards';
import { EntityChart } from '../components/entity-chart';
import { LastCredentials } from '../components/last-credentials';
import { StateCards } from '../components/state-cards';

/** `/summary`: credentials by state, per institution, and the newest ones (deletable). */
export function SummaryRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const toPath = useLocalePath();
  const query = useSummaryQuery();
  const remove = useDeleteCredentialsMutation();
  const [deleting, setDeleting] = useState<SummaryCredential | null>(null);

  const names = useMemo(
    () => new Map(session.entities.map((entity) => [entity.id, entity.name])),
    [session.entities],
  );
  const entityName = (id: string) => names.get(id) ?? id;
  const data = query.data;
  const entityRows = useMemo(
    () => data?.entities.map((entity) => ({ ...entity, name: names.get(entity.id) ?? entity.id })),
    [data, names],
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.credentials_token, {
      onSuccess: () => {
        notifySuccess(t('summary.deleted'));
        setDeleting(null);
      },
      // Spec section 8: the summary's own text for a failed delete.
      onError: () => notifyFailure(t('summary.deleteTitle'), t('errors.summaryDeleteCredentials')),
    });
  };

  const connectionsLink = hasPermission(session.identity, 'wealth') ? (
    <Button component={Link} to={toPath('/wealth/connections')} variant="light">
      {t('summary.goToConnections')}
    </Button>
  ) : undefined;

  let body: React.ReactNode;
  if (query.isError && !data) {
    body = <ErrorPanel title={t('summary.loadError')} error={query.error} onRetry={() => query.refetch()} />;
  } else if (data && data.counts.total === 0) {
    body = (
      <>
        <StateCards counts={data.counts} />
        <EmptyPanel
          icon={<IconPlugConnected size={26} stroke={1.6} aria-hidden />}
          title={t('summary.emptyTitle')}
          text={t('summary.emptyText')}
          actions={connectionsLink}
        />
        <Stack mt="xl">
          <InstitutionHealthPanel entityName={entityName} />
        </Stack>
      </>
    );
  } else {
    body = (
      <>
        <StateCards counts={data?.counts} />
        <ConsentCards />
        <Stack gap="xl">
          <section aria-labelledby="summary-entities">
            <Title id="summary-entities" order={2} fz="lg" mb="sm">
              {t('summary.entities.title')}
            </Title>
            {entityRows ? <EntityChart rows={entityRows} /> : null}
          </section>
          <InstitutionHealthPanel entityName={entityName} />
          <section aria-labelledby="summary-last">
            <Title id="summary-last" order={2} fz="lg" mb="sm">
              {t('summary.last.title')}
            </Title>
            <LastCredentials rows={data?.last_credentials} entityName={entityName} onDelete={setDeleting} />
          </section>
        </Stack>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t('pages.summary.title')}
        subtitle={t('summary.subtitle')}
        actions={connectionsLink}
      />
      {body}
      <ConfirmModal
        opened={deleting !== null}
        title={t('summary.deleteTitle')}
        confirmLabel={t('summary.deleteConfirm')}
        cancelLabel={t('summary.cancel')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        <ConfirmText>
          {deleting
            ? t('summary.deleteQuestion', {
                entity: entityName(deleting.bank),
                client: deleting.client_name
                  ? t('summary.deleteClient', { client: deleting.client_name })
                  : '',
              })
            : ''}
        </ConfirmText>
        <ConfirmText dimmed>{t('summary.deleteConsequence')}</ConfirmText>
      </ConfirmModal>
    </>
  );
}
