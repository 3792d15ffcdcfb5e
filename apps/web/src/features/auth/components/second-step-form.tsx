import { auth } from '@caudal/contract/routes';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, isCallError } from '../../../shared/api/api-error';
import { FormHeader } from '../../../shared/components/form-header';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useVerifySignInCodeMutation } from '../api/auth-mutations';

interface SecondStepFormProps {
  challenge: string;
  onSignedIn: (accessToken: string) => void;
  /** Back to the password (the challenge expired or was used: a new password step gives a new one). */
  onRestart: (reason: string | null) => void;
}

/** The code from the authenticator app, or one of the recovery codes. */
export function SecondStepForm({ challenge, onSignedIn, onRestart }: SecondStepFormProps) {
  const { t } = useTranslation();
  const verify = useVerifySignInCodeMutation();
  const [isRecovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = value.trim();
    if (typed === '') {
      setFieldError(t('validation.required'));
      return;
    }
    if (!isRecovery && !/^\d{6}$/.test(typed.replace(/\s+/g, ''))) {
      setFieldError(t('auth.twoFactor.sixDigits'));
      return;
    }
    setFieldError(null);
    verify.mutate(isRecovery ? { challenge, recovery_code: typed } : { challenge, code: typed }, {
      onSuccess: (answer) => onSignedIn(answer.access_token),
      onError: (error) => {
        if (isCallError(auth.verifySignInCode, error, 'InvalidChallenge', 'LoginFailed')) {
          onRestart(translateDynamic(errorMessageKey(error)));
        }
      },
    });
  };
  const failure =
    verify.error && !isCallError(auth.verifySignInCode, verify.error, 'InvalidChallenge')
      ? translateDynamic(errorMessageKey(verify.error))
      : null;

  return (
    <>
      <FormHeader
        title={t('auth.twoFactor.title')}
        subtitle={t(isRecovery ? 'auth.twoFactor.recoverySubtitle' : 'auth.twoFactor.subtitle')}
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure ? (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {failure}
            </Alert>
          ) : null}
          <TextInput
            key={isRecovery ? 'recovery' : 'code'}
            label={t(isRecovery ? 'auth.twoFactor.recoveryCode' : 'auth.twoFactor.code')}
            inputMode={isRecovery ? 'text' : 'numeric'}
            autoComplete={isRecovery ? 'off' : 'one-time-code'}
            autoCapitalize={isRecovery ? 'characters' : undefined}
            spellCheck={false}
            required
            autoFocus
            size="md"
            value={value}
            error={fieldError}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <Button type="submit" size="md" fullWidth loading={verify.isPending}>
            {t('auth.twoFactor.verify')}
          </Button>
          <Group justify="space-between">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setRecovery(!isRecovery);
                setValue('');
                setFieldError(null);
                verify.reset();
              }}
            >
              {t(isRecovery ? 'auth.twoFactor.useCode' : 'auth.twoFactor.useRecovery')}
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={() => onRestart(null)}>
              {t('auth.twoFactor.back')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </>
  );
}
