import { EVENT_TYPES, webhooks } from '@caudal/contract';
import { type WebhookEndpointWithSecret, webhooks as webhookCalls } from '@caudal/contract/routes';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageKey, isCallError } from '../../../shared/api/api-error';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { RevealOnceModal } from '../../../shared/components/reveal-once-modal';
import { issuesToFormErrors, schemaValidator } from '../../../shared/forms/issues-to-errors';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useCreateEndpoint } from '../api/webhooks-api';
import { SecretOnce } from './secret-once';

/** Create an endpoint, then show its signing secret once: the shared reveal-once dialog. */
export function EndpointFormModal({
  clientId,
  opened,
  onClose,
}: {
  clientId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <RevealOnceModal<WebhookEndpointWithSecret>
      opened={opened}
      onClose={onClose}
      formTitle={t('webhooks.form.title')}
      revealTitle={t('webhooks.secret.title')}
      renderForm={(actions) => <EndpointForm clientId={clientId} {...actions} />}
      renderReveal={(created, onDone) => (
        <SecretOnce
          warning={t('webhooks.secret.warning')}
          label={t('webhooks.secret.label')}
          copyLabel={t('webhooks.secret.copy')}
          value={created.secret}
          onDone={onDone}
        />
      )}
    />
  );
}

function EndpointForm({
  clientId,
  onCancel,
  onCreated,
}: {
  clientId: string;
  onCancel: () => void;
  onCreated: (created: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateEndpoint();
  const form = useForm<webhooks.WebhookEndpointForm>({
    mode: 'uncontrolled',
    initialValues: { url: '', event_types: [...EVENT_TYPES] },
    validate: schemaValidator(webhooks.ZEndpointForm, translateDynamic),
  });
  const submit = form.onSubmit((values) => {
    const body = webhooks.ZEndpointForm.parse(values);
    create.mutate(
      { ...body, client_id: clientId },
      {
        onSuccess: (answer) => {
          notifySuccess(t('webhooks.form.created'));
          onCreated(answer);
        },
        onError: (error) => {
          if (isCallError(webhookCalls.createEndpoint, error, 'WebhookUrlRefused')) {
            form.setFieldError('url', t('errors.codes.WebhookUrlRefused'));
            return;
          }
          if (error instanceof ApiError && error.issues.length > 0) {
            form.setErrors(issuesToFormErrors(error.issues, translateDynamic));
            return;
          }
          notifyFailure(t('webhooks.form.failed'), translateDynamic(errorMessageKey(error)));
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('webhooks.form.url')}
          description={t('webhooks.form.urlHint')}
          placeholder={t('webhooks.form.urlPlaceholder')}
          required
          type="url"
          data-autofocus
          key={form.key('url')}
          {...form.getInputProps('url')}
        />
        <Checkbox.Group
          label={t('webhooks.form.events')}
          description={t('webhooks.form.eventsHint')}
          required
          key={form.key('event_types')}
          {...form.getInputProps('event_types')}
        >
          <Stack gap={6} mt="xs">
            {EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={<code>{type}</code>} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {t('webhooks.form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('webhooks.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
