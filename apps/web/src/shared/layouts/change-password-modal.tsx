import { platform as platformCalls } from '@caudal/contract';
import { platform, type RequestOf } from '@caudal/contract/routes';
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageKey, isCallError } from '../api/api-error';
import { callApi } from '../api/call-api';
import { AppModal } from '../components/app-modal';
import { notifySuccess } from '../components/notify';
import { issuesToFormErrors, schemaValidator } from '../forms/issues-to-errors';
import { NewPasswordFields } from '../forms/new-password-fields';
import { translateDynamic } from '../i18n/i18n';

interface ChangePasswordModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The account menu's "Change my password": current password, then the new one twice (spec section 5). */
export function ChangePasswordModal({ opened, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('shell.password.title')} centered size="md">
      {/* The modal unmounts its content once closed: no typed password outlives the dialog. */}
      <ChangePasswordForm onClose={onClose} />
    </AppModal>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const change = useMutation({
    mutationFn: (body: RequestOf<typeof platform.changePassword>) => callApi(platform.changePassword, body),
  });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { current_password: '', new_password: '', confirm_password: '' },
    validate: schemaValidator(platformCalls.ZChangePasswordForm, translateDynamic),
  });

  const submit = form.onSubmit(({ current_password, new_password }) => {
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: ({ ended_sessions }) => {
          notifySuccess(
            `${t('shell.password.changed')}. ${
              ended_sessions > 0
                ? t('shell.password.otherSessionsEnded', { count: ended_sessions })
                : t('shell.password.noOtherSessions')
            }`,
          );
          onClose();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          // Each code to its field, inline only: the dialog is where the user is looking.
          if (isCallError(platform.changePassword, error, 'WrongCurrentPassword')) {
            form.setFieldError('current_password', t('errors.codes.WrongCurrentPassword'));
          } else if (isCallError(platform.changePassword, error, 'PasswordUnchanged')) {
            form.setFieldError('new_password', t('errors.codes.PasswordUnchanged'));
          } else if (error.issues.length > 0) {
            form.setErrors(issuesToFormErrors(error.issues, translateDynamic));
          }
        },
      },
    );
  });

  const error = change.error;
  const isFieldError =
    isCallError(platform.changePassword, error, 'WrongCurrentPassword', 'PasswordUnchanged') ||
    (error instanceof ApiError && error.issues.length > 0);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('shell.password.intro')}
        </Text>
        {error && !isFieldError ? (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            <Text size="sm" fw={600}>
              {t('shell.password.failed')}
            </Text>
            <Text size="sm">{translateDynamic(errorMessageKey(error))}</Text>
          </Alert>
        ) : null}
        <PasswordInput
          label={t('shell.password.current')}
          autoComplete="current-password"
          required
          data-autofocus
          key={form.key('current_password')}
          {...form.getInputProps('current_password')}
        />
        <NewPasswordFields
          form={form}
          names={{ password: 'new_password', confirm: 'confirm_password' }}
          labels={{
            password: t('shell.password.new'),
            hint: t('shell.password.newHint'),
            confirm: t('shell.password.confirm'),
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            {t('shell.password.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('shell.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
