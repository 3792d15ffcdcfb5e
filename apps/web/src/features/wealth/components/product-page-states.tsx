import { Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotFoundPanel } from '../../../shared/components/not-found-panel';
import { ErrorPanel } from '../../../shared/components/state-panel';
import { clientPath } from '../lib/wealth-paths';

/** While a product's list loads: the shape of its header. */
export function ProductHeaderSkeleton() {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      mb="lg"
      role="status"
      aria-busy="true"
      aria-label={t('shell.loading')}
    >
      <Stack gap="md">
        <Skeleton height={18} width={90} />
        <Skeleton height={28} width={300} />
        <Skeleton height={40} />
      </Stack>
    </Paper>
  );
}

/** A product id that is not in this client's list (404): back to the client. */
export function ProductNotFound({
  clientId,
  tab,
}: {
  clientId: string;
  tab: 'accounts' | 'portfolios' | 'liabilities';
}) {
  const { t } = useTranslation();
  return (
    <NotFoundPanel
      title={t('wealth.products.notFoundTitle')}
      text={t('wealth.products.notFoundText')}
      backLabel={t('wealth.products.backToClient')}
      backPath={clientPath(clientId, tab)}
    />
  );
}

/** A client's product list that failed to load (and is not cached): what failed and a retry. */
export function ProductsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorPanel
      retryLabel={t('wealth.retry')}
      title={t('wealth.products.loadError')}
      error={error}
      onRetry={onRetry}
    />
  );
}
