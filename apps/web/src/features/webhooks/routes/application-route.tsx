import { Anchor, Tabs } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFoundPanel } from '../../../shared/components/not-found-panel';
import { PageHeader } from '../../../shared/components/page-header';
import { ErrorPanel } from '../../../shared/components/state-panel';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useApplicationQuery } from '../api/webhooks-api';
import { ClientSecretPanel } from '../components/client-secret-panel';
import { EndpointsPanel } from '../components/endpoints-panel';

const TABS = ['webhooks', 'secret'] as const;

/** `/applications/:clientId/:tab`: one application's Webhooks tab and its client secret. */
export function ApplicationRoute() {
  const { t } = useTranslation();
  const language = useLocale();
  const navigate = useNavigate();
  const { clientId = '', tab } = useParams();
  const current = TABS.find((name) => name === tab) ?? 'webhooks';
  const application = useApplicationQuery(clientId);
  const base = `/${language}/applications`;
  if (application.data === null) {
    return (
      <NotFoundPanel
        title={t('webhooks.page.notFoundTitle')}
        text={t('webhooks.page.notFound')}
        backLabel={t('webhooks.page.backToApplications')}
        backPath="/applications"
      />
    );
  }
  if (application.isError) {
    return (
      <ErrorPanel
        title={t('webhooks.page.loadError')}
        retryLabel={t('webhooks.page.retry')}
        error={application.error}
        onRetry={() => application.refetch()}
      />
    );
  }
  return (
    <>
      <Anchor
        component={Link}
        to={base}
        size="sm"
        mb="xs"
        style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
      >
        <IconArrowLeft size={16} aria-hidden />
        {t('webhooks.page.back')}
      </Anchor>
      <PageHeader title={application.data?.name ?? '…'} subtitle={clientId} />
      <Tabs
        value={current}
        onChange={(value) => value && navigate(`${base}/${encodeURIComponent(clientId)}/${value}`)}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="webhooks">{t('webhooks.page.tabs.webhooks')}</Tabs.Tab>
          <Tabs.Tab value="secret">{t('webhooks.page.tabs.secret')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="webhooks">
          <EndpointsPanel clientId={clientId} />
        </Tabs.Panel>
        <Tabs.Panel value="secret">
          {application.data ? <ClientSecretPanel application={application.data} /> : null}
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
