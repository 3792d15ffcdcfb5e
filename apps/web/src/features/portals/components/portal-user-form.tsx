import { portals } from '@caudal/contract';
import {
  LIMITS,
  PORTAL_CLIENTS_MAX,
  type PortalClient,
  portals as portalCalls,
} from '@caudal/contract/routes';
import { Box, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessageKey, isCallError } from '../../../shared/api/api-error';
import { ClientMultiSelect } from '../../../shared/clients/client-multi-select';
import { toClientChoice } from '../../../shared/clients/client-options';
import formGrid from '../../../shared/components/form-grid.module.css';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { issuesToFormErrors, schemaValidator } from '../../../shared/forms/issues-to-errors';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { useCreatePortalMutation } from '../api/portal-mutations';
import { PORTAL_USERS_PATH } from '../lib/portal-paths';

interface FormValues {
  username: string;
  email: string;
  name: string;
  password: string;
  confirm_password: string;
  clients: PortalClient[];
}

const toRequest = (values: FormValues) => ({
  username: values.username,
  email: values.email,
  name: values.name,
  password: values.password,
  confirm_password: values.confirm_password,
  client_ids: values.clients.map((client) => client.id),
});

/** The create form, checked with the contract's own schema (spec section 5) before it is sent. */
export function PortalUserForm() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const create = useCreatePortalMutation();
  const validate = schemaValidator(portals.ZPortalUserForm, translateDynamic);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { username: '', email: '', name: '', password: '', confirm_password: '', clients: [] },
    validate: (values) => {
      const errors = validate(toRequest(values));
      // The picker is the `clients` field on screen; the contract names it `client_ids`.
      if (errors.client_ids) errors.clients = errors.client_ids;
      return errors;
    },
  });

  const onError = (error: unknown) => {
    const message = translateDynamic(errorMessageKey(error));
    // A field's own mistake is said on the field only (issue 22: not a toast as well).
    if (isCallError(portalCalls.createPortal, error, 'DuplicatedUsername')) {
      form.setFieldError('username', message);
    } else if (isCallError(portalCalls.createPortal, error, 'UnknownClient')) {
      form.setFieldError('clients', message);
    } else if (error instanceof ApiError && error.issues.length > 0) {
      form.setErrors(issuesToFormErrors(error.issues, translateDynamic));
    } else {
      notifyFailure(t('portals.create.failed'), message);
    }
  };

  const submit = form.onSubmit((values) => {
    const { confirm_password: _confirm, ...body } = portals.ZPortalUserForm.parse(toRequest(values));
    create.mutate(body, {
      onSuccess: (user) => {
        notifySuccess(t('portals.create.created', { username: user.username }));
        navigate(to(PORTAL_USERS_PATH));
      },
      onError,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb="md">
            {t('portals.create.account')}
          </Title>
          <div className={formGrid.grid}>
            <TextInput
              label={t('portals.create.username')}
              description={t('portals.create.usernameHint')}
              required
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={LIMITS.username.max + 20}
              data-autofocus
              {...form.getInputProps('username')}
            />
            <TextInput
              label={t('portals.create.name')}
              required
              maxLength={LIMITS.name + 20}
              autoComplete="off"
              {...form.getInputProps('name')}
            />
            <TextInput
              label={t('portals.create.email')}
              type="email"
              required
              autoComplete="off"
              maxLength={LIMITS.email + 20}
              {...form.getInputProps('email')}
            />
            {/* Keeps the two passwords side by side from `sm` up; phones stack every field. */}
            <Box visibleFrom="sm" />
            <NewPasswordFields
              form={form}
              names={{ password: 'password', confirm: 'confirm_password' }}
              labels={{
                password: t('portals.create.password'),
                hint: t('portals.create.passwordHint'),
                confirm: t('portals.create.confirmPassword'),
              }}
              maxLength={LIMITS.password.max + 20}
            />
          </div>
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb="md">
            {t('portals.create.clientsSection')}
          </Title>
          <ClientMultiSelect
            pick={toClientChoice}
            max={PORTAL_CLIENTS_MAX}
            label={t('portals.clients.label')}
            description={t('portals.create.clientsHint')}
            value={form.values.clients}
            onChange={(clients) => form.setFieldValue('clients', clients)}
            error={typeof form.errors.clients === 'string' ? form.errors.clients : null}
            disabled={create.isPending}
          />
        </Paper>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={to(PORTAL_USERS_PATH)}>
            {t('portals.create.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('portals.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
