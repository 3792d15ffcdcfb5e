import type { ConnectSession } from '@caudal/contract';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CSS_HOOKS, FIELD_HOOKS } from '../../../shared/branding/css-hooks';
import { SandboxPanel } from './sandbox-panel';
import { StepError } from './step-error';
import { StepHeading } from './step-heading';

interface ScaStepProps {
  session: ConnectSession;
  entityName: string;
  pending: boolean;
  error: unknown;
  onSubmit: (code: string) => void;
}

/** Step 3: the verification code the institution sent to the holder. */
export function ScaStep({ session, entityName, pending, error, onSubmit }: ScaStepProps) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: { code: (value) => (value.trim() === '' ? t('validation.required') : null) },
  });
  return (
    <>
      {session.mode === 'renew' ? (
        <StepHeading
          title={t('connect.renew.title')}
          subtitle={t('connect.renew.subtitle', { entity: entityName, company: session.company_name })}
        />
      ) : (
        <StepHeading
          title={t('connect.sca.title')}
          subtitle={t('connect.sca.subtitle', { entity: entityName })}
        />
      )}
      <form onSubmit={form.onSubmit((values) => onSubmit(values.code.trim()))} noValidate>
        <Stack gap="md">
          <StepError error={error} />
          <TextInput
            label={t('connect.sca.code')}
            autoComplete="one-time-code"
            classNames={FIELD_HOOKS}
            inputMode="numeric"
            required
            size="md"
            maxLength={32}
            styles={{ input: { letterSpacing: '0.2em', fontVariantNumeric: 'tabular-nums' } }}
            {...form.getInputProps('code')}
          />
          <Button type="submit" size="md" fullWidth loading={pending} className={CSS_HOOKS.button}>
            {session.mode === 'renew' ? t('connect.renew.submit') : t('connect.sca.submit')}
          </Button>
        </Stack>
      </form>
      <SandboxPanel
        credentials={session.sandbox_credentials}
        fill="code"
        onUse={(credential) => form.setValues({ code: credential.code ?? '' })}
      />
    </>
  );
}
