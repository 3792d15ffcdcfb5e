import { wealth } from '@caudal/contract';
import { ALIAS_MAX, type Client, LIMITS, wealth as wealthCalls } from '@caudal/contract/routes';
import { Alert, Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageKey, isCallError } from '../../../shared/api/api-error';
import { AppModal } from '../../../shared/components/app-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { issuesToFormErrors, schemaValidator } from '../../../shared/forms/issues-to-errors';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useEntityCatalogue } from '../../../shared/session/use-entity-catalogue';
import {
  useCreateClientMutation,
  useEditClientMutation,
  useRefreshEditedClient,
} from '../api/client-mutations';
import { useLastDefined } from './use-last-defined';

interface ClientFormModalProps {
  opened: boolean;
  /** The client to edit; without one the form creates a new client. */
  client?: Client | null;
  onClose: () => void;
  onSaved?: (client: Client) => void;
}

/** Create and edit share one modal and one form, validated with the contract schema. */
export function ClientFormModal({ opened, client: selected, onClose, onSaved }: ClientFormModalProps) {
  const { t } = useTranslation();
  // While closing, keep the title of what was open (create vs edit).
  const last = useLastDefined(opened ? { client: selected ?? null } : null);
  const client = last?.client ?? null;
  const editing = client !== null;
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={editing ? t('wealth.form.editTitle') : t('wealth.form.createTitle')}
      centered
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* Modal unmounts its content once closed, so every opening starts a fresh form. */}
      <ClientFormBody client={client} onClose={onClose} onSaved={onSaved} />
    </AppModal>
  );
}

function ClientFormBody({
  client,
  onClose,
  onSaved,
}: {
  client: Client | null;
  onClose: () => void;
  onSaved?: (client: Client) => void;
}) {
  const { t } = useTranslation();
  const { options, name: entityName } = useEntityCatalogue();
  const create = useCreateClientMutation();
  const edit = useEditClientMutation();
  const refreshClient = useRefreshEditedClient();
  // What the edit is based on: the client as the form loaded it, or as it was found after a conflict.
  const [baseline, setBaseline] = useState<Client | null>(client);
  const [changedMeanwhile, setChangedMeanwhile] = useState<Client | null>(null);
  const form = useForm<wealth.ClientForm>({
    mode: 'uncontrolled',
    initialValues: {
      name: client?.name ?? '',
      alias: client?.alias ?? '',
      entities: client ? [...client.entities] : [],
    },
    validate: schemaValidator(wealth.ZClientForm, translateDynamic),
  });

  const pending = create.isPending || edit.isPending;

  const onError = (error: unknown, alias: string) => {
    if (client && isCallError(wealthCalls.clientEdit, error, 'Conflict')) {
      // Someone saved this client while the form was open: show what they saved, keep what was typed,
      // and let a second save replace it knowingly.
      refreshClient(client.id).then(
        (current) => {
          setBaseline(current);
          setChangedMeanwhile(current);
        },
        (refreshError: unknown) =>
          notifyFailure(t('wealth.form.saveFailed'), translateDynamic(errorMessageKey(refreshError))),
      );
      return;
    }
    if (isCallError(client ? wealthCalls.clientEdit : wealthCalls.clientCreate, error, 'DuplicatedAlias')) {
      // On the field only (issue 22: not a toast as well), in the spec's text that names the alias and
      // says what to do.
      form.setFieldError('alias', t('errors.clientAliasTakenDetail', { alias }));
      return;
    }
    if (error instanceof ApiError && error.issues.length > 0) {
      form.setErrors(issuesToFormErrors(error.issues, translateDynamic));
      return;
    }
    notifyFailure(
      client ? t('wealth.form.saveFailed') : t('wealth.form.createFailed'),
      translateDynamic(errorMessageKey(error)),
    );
  };

  const submit = form.onSubmit((values) => {
    const body = wealth.ZClientForm.parse(values);
    const done = (saved: Client) => {
      notifySuccess(
        client
          ? t('wealth.form.saved', { name: saved.name })
          : t('wealth.form.created', { name: saved.name }),
      );
      onClose();
      onSaved?.(saved);
    };
    if (client) {
      const base = baseline ?? client;
      edit.mutate(
        {
          ...body,
          client_id: client.id,
          expected: { name: base.name, alias: base.alias, entities: base.entities },
        },
        { onSuccess: done, onError: (e: unknown) => onError(e, body.alias) },
      );
    } else {
      create.mutate(body, { onSuccess: done, onError: (e) => onError(e, body.alias) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {changedMeanwhile ? (
          <Alert color="yellow" role="alert" title={t('wealth.form.conflictTitle')}>
            {t(
              changedMeanwhile.entities.length > 0
                ? 'wealth.form.conflictText'
                : 'wealth.form.conflictTextNoEntities',
              {
                name: changedMeanwhile.name,
                alias: changedMeanwhile.alias,
                // Its entities too: the form keeps what was typed, so a second save would drop theirs unseen.
                entities: changedMeanwhile.entities.map(entityName).join(', '),
              },
            )}
          </Alert>
        ) : null}
        <TextInput
          label={t('wealth.form.name')}
          placeholder={t('wealth.form.namePlaceholder')}
          required
          maxLength={LIMITS.name + 20}
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('wealth.form.alias')}
          placeholder={t('wealth.form.aliasPlaceholder')}
          description={t('wealth.form.aliasHint')}
          required
          maxLength={ALIAS_MAX + 20}
          autoComplete="off"
          key={form.key('alias')}
          {...form.getInputProps('alias')}
        />
        <MultiSelect
          label={t('wealth.form.entities')}
          placeholder={t('wealth.form.entitiesPlaceholder')}
          nothingFoundMessage={t('wealth.form.entitiesEmpty')}
          data={options}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={260}
          comboboxProps={{ withinPortal: true }}
          key={form.key('entities')}
          {...form.getInputProps('entities')}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('wealth.form.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {client ? t('wealth.form.save') : t('wealth.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
