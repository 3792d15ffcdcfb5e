import { applications } from '@caudal/contract';
import {
  applications as applicationCalls,
  type CreatedApplication,
  DATA_API_TOKEN_PATH,
  LIMITS,
} from '@caudal/contract/routes';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageKey, isCallError } from '../../../shared/api/api-error';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { RevealOnceModal } from '../../../shared/components/reveal-once-modal';
import { getRuntimeConfig } from '../../../shared/config/runtime-config';
import { issuesToFormErrors, schemaValidator } from '../../../shared/forms/issues-to-errors';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useCreateApplicationMutation } from '../api/applications-api';
import { toAbsoluteUrl } from './absolute-url';
import { CopyField } from './copy-field';

/**
 * Create, then show the secret once (the server keeps only its hash): the shared reveal-once dialog.
 */
export function CreateApplicationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <RevealOnceModal<CreatedApplication>
      opened={opened}
      onClose={onClose}
      formTitle={t('applications.create.title')}
      revealTitle={t('applications.secret.title')}
      renderForm={(actions) => <CreateForm {...actions} />}
      renderReveal={(created, onDone) => <SecretView application={created} onDone={onDone} />}
    />
  );
}

function CreateForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (application: CreatedApplication) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApplicationMutation();
  const [isAtLimit, setIsAtLimit] = useState(false);
  const form = useForm<applications.ApplicationForm>({
    mode: 'uncontrolled',
    initialValues: { name: '' },
    validate: schemaValidator(applications.ZApplicationForm, translateDynamic),
  });

  const onError = (error: unknown) => {
    // The company has as many applications as it may: said in the dialog, where the user is looking.
    if (isCallError(applicationCalls.createApplication, error, 'TooManyApplications')) {
      setIsAtLimit(true);
      notifyFailure(t('errors.applicationCreate'), t('errors.codes.TooManyApplications'));
      return;
    }
    // Spec section 8: the duplicated name has its own text; any other error body passes through.
    // A field's own mistake is said on the field only (issue 22: not a toast as well).
    if (isCallError(applicationCalls.createApplication, error, 'DuplicatedName')) {
      form.setFieldError('name', t('errors.applicationDuplicatedName'));
      return;
    }
    if (error instanceof ApiError && error.issues.length > 0) {
      form.setErrors(issuesToFormErrors(error.issues, translateDynamic));
      return;
    }
    notifyFailure(t('errors.applicationCreate'), translateDynamic(errorMessageKey(error)));
  };

  const submit = form.onSubmit((values) => {
    const body = applications.ZApplicationForm.parse(values);
    create.mutate(body, {
      onSuccess: (application) => {
        notifySuccess(t('applications.create.created', { name: application.name }));
        onCreated(application);
      },
      onError,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('applications.create.name')}
          placeholder={t('applications.create.namePlaceholder')}
          description={t('applications.create.nameHint')}
          required
          maxLength={LIMITS.name + 20}
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        {isAtLimit ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
            {t('errors.codes.TooManyApplications')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {t('applications.create.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('applications.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SecretView({ application, onDone }: { application: CreatedApplication; onDone: () => void }) {
  const { t } = useTranslation();
  const tokenUrl = toAbsoluteUrl(`${getRuntimeConfig().apiBaseUrl}${DATA_API_TOKEN_PATH}`);
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
        {t('applications.secret.warning', { name: application.name })}
      </Alert>
      <CopyField
        label={t('applications.secret.clientId')}
        value={application.client_id}
        copyLabel={t('applications.secret.copyClientId')}
      />
      <CopyField
        label={t('applications.secret.clientSecret')}
        value={application.client_secret}
        copyLabel={t('applications.secret.copySecret')}
      />
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('applications.secret.howTo', { url: tokenUrl })}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t('applications.secret.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
