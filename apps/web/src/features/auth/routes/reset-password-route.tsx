import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormHeader } from '../../../shared/components/form-header';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { PATHS } from '../../../shared/routing/paths';
import { readLinkToken } from '../../../shared/routing/read-link-token';
import { ResetPasswordForm } from '../components/reset-password-form';
import { RESET_TOKEN_KEY } from '../lib/reset-token';

/** `/sesion/resetPassword#<token>`: the page the reset email links to (`?token=` in older mails). */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [token] = useState(() => readLinkToken(RESET_TOKEN_KEY, 'token'));
  if (token) return <ResetPasswordForm token={token} />;
  return (
    <>
      <FormHeader title={t('auth.reset.title')} />
      <Alert role="alert" color="orange" variant="light">
        <Stack gap={6}>
          <Text size="sm">{t('auth.reset.missingToken')}</Text>
          <Anchor component={Link} to={to(PATHS.forgotPassword)} size="sm" fw={600}>
            {t('auth.reset.requestNew')}
          </Anchor>
        </Stack>
      </Alert>
    </>
  );
}
