import { platform } from '@caudal/contract';
import { Alert, Anchor, Button, Stack, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { FormHeader } from '../../../shared/components/form-header';
import { issuesToFormErrors, schemaValidator } from '../../../shared/forms/issues-to-errors';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocale, useLocalePath } from '../../../shared/i18n/use-locale';
import { PATHS } from '../../../shared/routing/paths';
import { useForgotPasswordMutation } from '../api/auth-mutations';

/** The form asks only for the email; url and language are ours to fill. */
const ZForgotForm = platform.ZForgotPasswordRequest.pick({ email: true });

/**
 * Asks for a reset link. The answer is always the same neutral confirmation, so the screen never tells
 * whether an email has an account.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const forgot = useForgotPasswordMutation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaValidator(ZForgotForm, translateDynamic),
  });

  const submit = form.onSubmit(({ email }) => {
    const url = `${window.location.origin}${to(PATHS.resetPassword)}`;
    forgot.mutate(
      { email, url, language: locale },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.issues.length > 0) {
            form.setErrors(issuesToFormErrors(error.issues, translateDynamic));
          }
        },
      },
    );
  });

  const backToLogin = (
    <Anchor component={Link} to={to(PATHS.login)} size="sm">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {t('auth.forgot.backToLogin')}
    </Anchor>
  );

  if (forgot.isSuccess) {
    return (
      <Stack gap="md" role="status">
        <ThemeIcon size={48} radius="xl" variant="light" color="teal">
          <IconMailCheck size={24} aria-hidden />
        </ThemeIcon>
        <FormHeader title={t('auth.forgot.sentTitle')} subtitle={t('auth.forgot.sent')} />
        {backToLogin}
      </Stack>
    );
  }

  const failure = forgot.error && !(forgot.error instanceof ApiError && forgot.error.issues.length > 0);

  return (
    <>
      <FormHeader title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure ? (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {t('errors.forgotPassword')}
            </Alert>
          ) : null}
          <TextInput
            label={t('auth.forgot.email')}
            type="email"
            autoComplete="email"
            required
            size="md"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
            {t('auth.forgot.submit')}
          </Button>
          {backToLogin}
        </Stack>
      </form>
    </>
  );
}
