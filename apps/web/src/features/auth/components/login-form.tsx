import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconClockPause } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessageKey } from '../../../shared/api/api-error';
import {
  forgetSessionEndReason,
  markSessionEndReasonShown,
  readSessionEndReason,
} from '../../../shared/auth/session-end';
import { setToken } from '../../../shared/auth/token-store';
import { FormHeader } from '../../../shared/components/form-header';
import { issuesToFormErrors, schemaValidator } from '../../../shared/forms/issues-to-errors';
import { useDeferredSchema } from '../../../shared/forms/use-deferred-schema';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { PATHS, safeRedirectPath } from '../../../shared/routing/paths';
import { useLoginMutation } from '../api/auth-mutations';
import { EnrolStep } from './enrol-step';
import { SecondStepForm } from './second-step-form';

const loadLoginSchema = () => import('../lib/login-schema').then((module) => module.loginSchema);

/** Username, company and password (local strategy). */
export function LoginForm() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const login = useLoginMutation();
  // The notice stays while the user signs in; once this page has shown it, a reload does not repeat it
  // (marked from an effect: a render that never reached the screen must not use it up).
  const [ended, setEnded] = useState(readSessionEndReason);
  useEffect(() => {
    if (ended) markSessionEndReasonShown();
  }, [ended]);
  const loadSchema = useDeferredSchema(loadLoginSchema);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', company: '', password: '' },
  });

  // A correct password for a user with two-factor: the second step, with its single-use challenge.
  const [secondStep, setSecondStep] = useState<{ kind: 'code' | 'enrol'; challenge: string } | null>(null);
  const [restartReason, setRestartReason] = useState<string | null>(null);

  const finish = (accessToken: string) => {
    // A new identity: nothing cached for a previous user may leak into this session.
    queryClient.clear();
    forgetSessionEndReason();
    setToken(accessToken, 'local');
    navigate(to(safeRedirectPath(params.get('redirect')) ?? PATHS.home), { replace: true });
  };
  const restart = (reason: string | null) => {
    setSecondStep(null);
    setRestartReason(reason);
    login.reset();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const schema = await loadSchema();
    const values = form.getValues();
    const errors = schema ? schemaValidator(schema, translateDynamic)(values) : {};
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setRestartReason(null);
    login.mutate(values, {
      onSuccess: (answer) => {
        if ('access_token' in answer) finish(answer.access_token);
        else setSecondStep({ kind: answer.second_step, challenge: answer.challenge });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.issues.length > 0) {
          form.setErrors(issuesToFormErrors(error.issues, translateDynamic));
        }
      },
    });
  };

  const failure = login.error && !(login.error instanceof ApiError && login.error.issues.length > 0);

  if (secondStep?.kind === 'code') {
    return <SecondStepForm challenge={secondStep.challenge} onSignedIn={finish} onRestart={restart} />;
  }
  if (secondStep?.kind === 'enrol') {
    return <EnrolStep challenge={secondStep.challenge} onSignedIn={finish} onRestart={restart} />;
  }

  return (
    <>
      <FormHeader title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
      <form onSubmit={(event) => void submit(event)} onFocus={() => void loadSchema()} noValidate>
        <Stack gap="md">
          {ended && !failure ? (
            <Alert
              role="status"
              color="orange"
              variant="light"
              icon={<IconClockPause size={18} aria-hidden />}
              withCloseButton
              closeButtonLabel={t('auth.sessionNoticeDismiss')}
              onClose={() => {
                forgetSessionEndReason();
                setEnded(null);
              }}
            >
              {t(ended === 'expired' ? 'auth.sessionIdle' : 'auth.sessionExpired')}
            </Alert>
          ) : null}
          {failure || restartReason ? (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {failure ? translateDynamic(errorMessageKey(login.error)) : restartReason}
            </Alert>
          ) : null}
          <TextInput
            label={t('auth.login.username')}
            autoComplete="username"
            required
            size="md"
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <TextInput
            label={t('auth.login.company')}
            autoComplete="organization"
            required
            size="md"
            key={form.key('company')}
            {...form.getInputProps('company')}
          />
          <PasswordInput
            label={t('auth.login.password')}
            autoComplete="current-password"
            required
            size="md"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={to(PATHS.forgotPassword)} size="sm">
              {t('auth.login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={login.isPending}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
