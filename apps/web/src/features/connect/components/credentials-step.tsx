import type { ConnectSession } from '@caudal/contract';
import { connections } from '@caudal/contract/routes';
import { Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isCallError } from '../../../shared/api/api-error';
import { CSS_HOOKS, FIELD_HOOKS } from '../../../shared/branding/css-hooks';
import type { CredentialsValues } from '../api/connect-api';
import { SandboxPanel } from './sandbox-panel';
import { StepError } from './step-error';
import { StepHeading } from './step-heading';

interface CredentialsStepProps {
  session: ConnectSession;
  entityName: string;
  pending: boolean;
  error: unknown;
  onBack: (() => void) | null;
  onSubmit: (values: CredentialsValues) => void;
}

/** Step 2: username, password and the terms; the sandbox panel fills the first two. */
export function CredentialsStep({
  session,
  entityName,
  pending,
  error,
  onBack,
  onSubmit,
}: CredentialsStepProps) {
  const { t } = useTranslation();
  const required = t('validation.required');
  const form = useForm<CredentialsValues>({
    mode: 'controlled',
    initialValues: { username: '', password: '', accept_terms: false },
    validate: {
      username: (value) => (value.trim() === '' ? required : null),
      password: (value) => (value === '' ? required : null),
      accept_terms: (value) => (value ? null : required),
    },
  });
  // The bank refused the password: it is not kept in the field, to be typed again (the username stays).
  // Once per refusal (each answer is a new error), so typing after it is never undone.
  const handledError = useRef<unknown>(null);
  useEffect(() => {
    if (error === handledError.current) return;
    handledError.current = error;
    if (isCallError(connections.submitConnectCredentials, error, 'InvalidAccess')) {
      form.setFieldValue('password', '');
    }
  });
  const reset = session.mode === 'reset';

  return (
    <>
      <StepHeading
        title={reset ? t('connect.credentials.titleReset') : t('connect.credentials.title')}
        subtitle={t('connect.credentials.subtitle', { entity: entityName })}
      />
      <form onSubmit={form.onSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <StepError error={error} />
          <TextInput
            label={t('connect.credentials.username')}
            autoComplete="username"
            classNames={FIELD_HOOKS}
            required
            size="md"
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t('connect.credentials.password')}
            autoComplete="current-password"
            classNames={FIELD_HOOKS}
            required
            size="md"
            {...form.getInputProps('password')}
          />
          <Checkbox
            label={<TermsLabel session={session} entityName={entityName} />}
            required
            {...form.getInputProps('accept_terms', { type: 'checkbox' })}
          />
          <Button type="submit" size="md" fullWidth loading={pending} className={CSS_HOOKS.button}>
            {reset ? t('connect.credentials.submitReset') : t('connect.credentials.submit')}
          </Button>
          {onBack ? (
            <Button
              variant="subtle"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={onBack}
              disabled={pending}
            >
              {t('connect.credentials.change')}
            </Button>
          ) : null}
        </Stack>
      </form>
      <SandboxPanel
        credentials={session.sandbox_credentials}
        fill="credentials"
        onUse={(credential) => {
          form.setValues({ username: credential.username, password: credential.password });
          form.clearErrors();
        }}
      />
    </>
  );
}

/** The documents become links when the company configured them; the sentence reads the same either way. */
function TermsLabel({ session, entityName }: { session: ConnectSession; entityName: string }) {
  const { t } = useTranslation();
  const terms = session.terms_and_conditions_url;
  const privacy = session.privacy_policy_url;
  // With no document to read, the visitor agrees to what happens, not to texts that do not exist.
  if (!terms && !privacy) {
    return <>{t('connect.credentials.consent', { company: session.company_name, entity: entityName })}</>;
  }
  const doc = (url: string, text: string) => (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" inherit>
      {text}
    </Anchor>
  );
  return (
    <>
      {t('connect.credentials.acceptPrefix')}
      {terms ? doc(terms, t('connect.credentials.terms')) : null}
      {terms && privacy ? t('connect.credentials.and') : null}
      {privacy ? doc(privacy, t('connect.credentials.privacy')) : null}
    </>
  );
}
