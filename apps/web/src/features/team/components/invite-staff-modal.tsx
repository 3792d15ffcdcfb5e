import { type InviteStaffRequest, type Permission, team } from '@caudal/contract';
import { team as teamCalls } from '@caudal/contract/routes';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageKey, isCallError } from '../../../shared/api/api-error';
import { AppModal } from '../../../shared/components/app-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { issuesToFormErrors, schemaValidator } from '../../../shared/forms/issues-to-errors';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useInviteStaffMutation } from '../api/team-mutations';
import { PermissionCheckboxes } from './permission-checkboxes';
import { RoleRadio } from './role-radio';

interface InviteForm {
  email: string;
  username: string;
  name: string;
  role: 'admin' | 'member';
  permissions: Permission[];
}

const EMPTY: InviteForm = { email: '', username: '', name: '', role: 'member', permissions: [] };

/** Invite: the mail goes in the inviter's language (the portal's current one). */
export function InviteStaffModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLocale();
  const invite = useInviteStaffMutation();
  const form = useForm<InviteForm>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaValidator(team.ZInviteStaffRequest, translateDynamic),
  });
  const close = () => {
    form.reset();
    invite.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    const body: InviteStaffRequest = { ...values, language };
    invite.mutate(body, {
      onSuccess: (member) => {
        notifySuccess(t('team.invite.done', { email: member.email ?? values.email }));
        close();
      },
      onError: (error) => {
        if (isCallError(teamCalls.inviteStaff, error, 'DuplicatedUsername')) {
          form.setFieldError('username', t('errors.codes.DuplicatedUsername'));
        } else if (error instanceof ApiError && error.issues.length > 0) {
          form.setErrors(issuesToFormErrors(error.issues, translateDynamic));
        } else notifyFailure(t('team.invite.failed'), translateDynamic(errorMessageKey(error)));
      },
    });
  });
  return (
    <AppModal opened={opened} onClose={close} title={t('team.invite.title')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('team.invite.text')}
          </Text>
          <TextInput
            label={t('team.invite.email')}
            type="email"
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('team.invite.username')}
            description={t('team.invite.usernameHint')}
            autoComplete="off"
            required
            {...form.getInputProps('username')}
          />
          <TextInput
            label={t('team.invite.name')}
            autoComplete="off"
            required
            {...form.getInputProps('name')}
          />
          <RoleRadio value={form.values.role} onChange={(role) => form.setFieldValue('role', role)} />
          <PermissionCheckboxes
            value={form.values.permissions}
            onChange={(permissions) => form.setFieldValue('permissions', permissions)}
            error={form.errors.permissions as string | undefined}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('team.invite.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('team.invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
