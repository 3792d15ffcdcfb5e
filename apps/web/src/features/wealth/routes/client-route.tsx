import { wealth } from '@caudal/contract/routes';
import { Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { isCallError } from '../../../shared/api/api-error';
import { NotFoundPanel } from '../../../shared/components/not-found-panel';
import { ErrorPanel } from '../../../shared/components/state-panel';
import { useClientQuery } from '../api/client-queries';
import { CLIENTS_PATH } from '../lib/wealth-paths';
import type { ClientContext } from './client-context';

/** `/wealth/clients/:clientId/*`: loads the client once for its tabs and product pages. */
export function ClientRoute() {
  const { t } = useTranslation();
  const { clientId = '' } = useParams();
  const query = useClientQuery(clientId);

  if (isCallError(wealth.clientGet, query.error, 'NotFound')) {
    return (
      <NotFoundPanel
        title={t('wealth.client.notFoundTitle')}
        text={t('wealth.client.notFoundText')}
        backLabel={t('wealth.client.backToClients')}
        backPath={CLIENTS_PATH}
      />
    );
  }
  if (query.isError && !query.data) {
    return (
      <ErrorPanel
        retryLabel={t('wealth.retry')}
        title={t('wealth.client.loadError')}
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  }
  if (!query.data) return <ClientSkeleton />;

  return <Outlet context={{ client: query.data } satisfies ClientContext} />;
}

function ClientSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t('shell.loading')}>
      <Skeleton height={14} width={220} />
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Skeleton height={18} width={80} />
          <Skeleton height={28} width={320} />
          <Skeleton height={14} width="60%" />
        </Stack>
      </Paper>
      <Skeleton height={36} width={360} />
      <Skeleton height={240} />
    </Stack>
  );
}
