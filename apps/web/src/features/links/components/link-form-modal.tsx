import { links } from '@caudal/contract';
import { DEFAULT_LINK_REDIRECT_URI, LIMITS, type Link, links as linkCalls } from '@caudal/contract/routes';
import { Alert, Button, Fieldset, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isCallError } from '../../../shared/api/api-error';
import { AppModal } from '../../../shared/components/app-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { issuesToFormErrors, schemaValidator } from '../../../shared/forms/issues-to-errors';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useCreateLinkMutation, useEditLinkMutation } from '../api/links-mutations';
import { useLastDefined } from './use-last-defined';

interface LinkFormModalProps {
  opened: boolean;
  /** The Link to edit; without one the form creates a new Link. */
  link: Link | null;
  onClose: () => void;
}

interface FormValues {
  name: string;
  redirect_uri: string;
  terms_and_conditions_url: string;
  privacy_policy_url: string;
}

/** Create and edit share one modal and one form, validated with the contract schema. */
export function LinkFormModal({ opened, link: selected, onClose }: LinkFormModalProps) {
  const { t } = useTranslation();
  const last = useLastDefined(opened ? { link: selected } : null);
  const link = last?.link ?? null;
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={link ? t('links.form.editTitle') : t('links.form.createTitle')}
      centered
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <LinkFormBody link={link} onClose={onClose} />
    </AppModal>
  );
}

function LinkFormBody({ link, onClose }: { link: Link | null; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateLinkMutation();
  const edit = useEditLinkMutation();
  // Set once an edit was refused because someone saved this Link meanwhile: the next save replaces it.
  const [isChangedMeanwhile, setChangedMeanwhile] = useState(false);
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: {
      name: link?.name ?? '',
      // The default is shown as the placeholder, so "left empty" keeps meaning "the default".
      redirect_uri: link && link.redirect_uri !== DEFAULT_LINK_REDIRECT_URI ? link.redirect_uri : '',
      terms_and_conditions_url: link?.terms_and_conditions_url ?? '',
      privacy_policy_url: link?.privacy_policy_url ?? '',
    },
    validate: schemaValidator(links.ZLinkForm, translateDynamic),
  });
  const pending = create.isPending || edit.isPending;
  // Spec section 8: DuplicatedName has its own text; anything else is "error creating / editing the Link".
  const failedTitle = link ? t('errors.linkEdit') : t('errors.linkCreate');

  const onError = (error: unknown) => {
    if (link && isCallError(linkCalls.editLink, error, 'Conflict')) {
      setChangedMeanwhile(true);
      return;
    }
    // A field's own mistake is said on the field only (issue 22: not a toast as well).
    if (isCallError(link ? linkCalls.editLink : linkCalls.createLink, error, 'DuplicatedName')) {
      form.setFieldError('name', t('errors.linkDuplicatedName'));
      return;
    }
    if (error instanceof ApiError && error.issues.length > 0) {
      form.setErrors(issuesToFormErrors(error.issues, translateDynamic));
      return;
    }
    notifyFailure(failedTitle, t('errors.codes.UnexpectedError'));
  };

  const submit = form.onSubmit((values) => {
    const body = links.ZLinkForm.parse(values);
    const done = (saved: Link) => {
      notifySuccess(
        link ? t('links.form.saved', { name: saved.name }) : t('links.form.created', { name: saved.name }),
      );
      onClose();
    };
    if (link) {
      // The Link as the form loaded it, so a colleague's save meanwhile is not silently undone; once
      // warned of one, the user's next save replaces it knowingly.
      const expected = isChangedMeanwhile
        ? undefined
        : {
            name: link.name,
            redirect_uri: link.redirect_uri,
            terms_and_conditions_url: link.terms_and_conditions_url,
            privacy_policy_url: link.privacy_policy_url,
          };
      edit.mutate({ ...body, token: link.token, expected }, { onSuccess: done, onError });
    } else create.mutate(body, { onSuccess: done, onError });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {isChangedMeanwhile ? (
          <Alert color="yellow" role="alert" title={t('links.form.conflictTitle')}>
            {t('links.form.conflictText')}
          </Alert>
        ) : null}
        <TextInput
          label={t('links.form.name')}
          placeholder={t('links.form.namePlaceholder')}
          required
          maxLength={LIMITS.name + 20}
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Fieldset
          legend={t('links.form.customise')}
          variant="unstyled"
          styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', marginBottom: 4 } }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('links.form.redirectUri')}
              description={t('links.form.redirectUriHint')}
              placeholder={DEFAULT_LINK_REDIRECT_URI}
              autoComplete="off"
              inputMode="url"
              maxLength={LIMITS.url}
              key={form.key('redirect_uri')}
              {...form.getInputProps('redirect_uri')}
            />
            <TextInput
              label={t('links.form.terms')}
              description={t('links.form.documentHint')}
              placeholder="https://"
              type="url"
              autoComplete="off"
              maxLength={LIMITS.url}
              key={form.key('terms_and_conditions_url')}
              {...form.getInputProps('terms_and_conditions_url')}
            />
            <TextInput
              label={t('links.form.privacy')}
              placeholder="https://"
              type="url"
              autoComplete="off"
              maxLength={LIMITS.url}
              key={form.key('privacy_policy_url')}
              {...form.getInputProps('privacy_policy_url')}
            />
          </Stack>
        </Fieldset>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('links.form.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {link ? t('links.form.save') : t('links.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
