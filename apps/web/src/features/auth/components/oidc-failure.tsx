import { Alert, Anchor, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormHeader } from '../../../shared/components/form-header';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { PATHS } from '../../../shared/routing/paths';

export function OidcFailure() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <Stack gap="md">
      <FormHeader title={t('auth.login.title')} />
      <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
        {t('auth.oidc.failed')}
      </Alert>
      <Anchor component={Link} to={to(PATHS.oidc)} size="sm">
        {t('auth.oidc.tryAgain')}
      </Anchor>
    </Stack>
  );
}
