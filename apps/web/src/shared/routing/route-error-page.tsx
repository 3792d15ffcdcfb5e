import { Button, Group } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { errorMessageKey } from '../api/api-error';
import { StatusPage } from '../components/status-page';
import { translateDynamic } from '../i18n/i18n';
import { isChunkLoadError, withChunkReload } from './chunk-reload';

/** Route errors show their status (500 by default) and a message (spec section 8). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;

  useEffect(() => {
    // Lazy chunks already reload themselves; this catches chunk failures that reach the boundary another way.
    if (isChunkLoadError(error)) void withChunkReload(() => Promise.reject(error))().catch(() => {});
  }, [error]);

  const title = status === 404 ? t('errors.error404') : t('errors.error500');
  const message =
    status === 404
      ? t('errors.pageNotFound')
      : isRouteErrorResponse(error)
        ? String(error.statusText || t('errors.generic'))
        : translateDynamic(errorMessageKey(error));

  return (
    <StatusPage
      kind={status === 404 ? 'not-found' : 'error'}
      title={title}
      message={message}
      actions={
        <Group>
          <Button onClick={() => window.location.reload()}>{t('shell.status.reload')}</Button>
          <Button variant="default" component="a" href="/">
            {t('shell.status.backHome')}
          </Button>
        </Group>
      }
    />
  );
}
