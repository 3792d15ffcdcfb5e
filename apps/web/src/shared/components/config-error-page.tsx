import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

/** Shown when /config.json cannot be read: without it the portal cannot know where its API is. */
export function ConfigErrorPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      kind="error"
      title={t('errors.error500')}
      message={t('shell.status.configError')}
      actions={<Button onClick={() => window.location.reload()}>{t('shell.status.retry')}</Button>}
    />
  );
}
