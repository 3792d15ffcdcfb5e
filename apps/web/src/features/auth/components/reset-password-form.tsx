import { zPasswordPair } from '@caudal/contract';
import { platform } from '@caudal/contract/routes';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, isCallError } from '../../../shared/api/api-error';
import { FormHeader } from '../../../shared/components/form-header';
import { issuesToFormErrors, schemaValidator } from '../../../shared/forms/issues-to-errors';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { PATHS } from '../../../shared/routing/paths';
import { useResetPasswordMutation } from '../api/auth-mutations';
import { RESET_TOKEN_KEY } from '../lib/reset-token';

/** New password typed twice, with the contract's rules; the token comes from the emailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const reset = useResetPasswordMutation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaValidator(zPasswordPair(), translateDynamic),
  });

  const submit = form.onSubmit(({ password }) => {
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          // The link is used: a reload must not offer its token again.
          sessionStorage.removeItem(RESET_TOKEN_KEY);
          notifications.show({ color: 'teal', message: t('auth.reset.success') });
          navigate(to(PATHS.login), { replace: true });
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (isCallError(platform.resetPassword, error, 'WeakPassword'))
            form.setFieldError('password', t('errors.codes.WeakPassword'));
          else if (error.issues.length > 0) {
            form.setErrors(issuesToFormErrors(error.issues, translateDynamic));
          }
        },
      },
    );
  });

  const error = reset.error instanceof ApiError ? reset.error : null;
  const usedLink = isCallError(platform.resetPassword, error, 'InvalidResetToken');
  const fieldError =
    isCallError(platform.resetPassword, error, 'WeakPassword') || (error !== null && error.issues.length > 0);

  return (
    <>
      <FormHeader title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {usedLink ? (
            <Alert
              role="alert"
              color="orange"
              variant="light"
              icon={<IconAlertCircle size={18} aria-hidden />}
            >
              <Stack gap={6}>
                <Text size="sm">{t('auth.reset.usedLink')}</Text>
                <Anchor component={Link} to={to(PATHS.forgotPassword)} size="sm" fw={600}>
                  {t('auth.reset.requestNew')}
                </Anchor>
              </Stack>
            </Alert>
          ) : reset.isError && !fieldError ? (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {t('errors.resetPassword')}
            </Alert>
          ) : null}
          <NewPasswordFields
            form={form}
            names={{ password: 'password', confirm: 'confirmPassword' }}
            labels={{ password: t('auth.reset.password'), confirm: t('auth.reset.confirmPassword') }}
            size="md"
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            {t('auth.reset.submit')}
          </Button>
          <Anchor component={Link} to={to(PATHS.login)} size="sm">
            {t('auth.forgot.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}
