import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../i18n/use-locale';
import { StatusPage } from './status-page';

/** Unknown routes (spec: 'This page could not be found'). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <StatusPage
      kind="not-found"
      title={t('shell.status.notFoundTitle')}
      message={t('errors.pageNotFound')}
      hint={t('shell.status.forbiddenHint')}
      actions={
        <Button component={Link} to={to('/')}>
          {t('shell.status.backHome')}
        </Button>
      }
    />
  );
}
