import { zPasswordPair } from '@caudal/contract';
import { team } from '@caudal/contract/routes';
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, isCallError } from '../../../shared/api/api-error';
import { setToken } from '../../../shared/auth/token-store';
import { FormHeader } from '../../../shared/components/form-header';
import { issuesToFormErrors, schemaValidator } from '../../../shared/forms/issues-to-errors';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { PATHS } from '../../../shared/routing/paths';
import { readLinkToken } from '../../../shared/routing/read-link-token';
import { EnrolStep } from '../../auth';
import { useAcceptInvitationMutation } from '../api/team-mutations';
import { useInvitationQuery } from '../api/team-queries';

/**
 * `/sesion/invitation#<token>`: the invitation mail's link. The token is in the fragment (no server or
 * log sees it); it is read once, and the fragment dropped from the address bar.
 */
export function InvitationRoute() {
  const [token] = useState(readInvitationToken);
  const { t } = useTranslation();
  const to = useLocalePath();
  const invitation = useInvitationQuery(token);

  if (!token || invitation.isError) {
    const isInvalid = isCallError(team.getInvitation, invitation.error, 'InvalidInvitation');
    return (
      <>
        <FormHeader title={t('team.invitation.title')} />
        <Alert role="alert" color="orange" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          <Stack gap={6}>
            <Text size="sm">
              {!token
                ? t('team.invitation.missingToken')
                : isInvalid
                  ? t('errors.codes.InvalidInvitation')
                  : t('team.invitation.failed')}
            </Text>
            <Anchor component={Link} to={to(PATHS.login)} size="sm" fw={600}>
              {t('team.invitation.toLogin')}
            </Anchor>
          </Stack>
        </Alert>
      </>
    );
  }
  if (!invitation.data) {
    return (
      <Stack align="center" gap="sm" py="xl" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('team.invitation.loading')}</Text>
      </Stack>
    );
  }
  return (
    <SetPasswordForm
      token={token}
      subtitle={t('team.invitation.subtitle', {
        username: invitation.data.username,
        company: invitation.data.company_name,
      })}
    />
  );
}

/** Kept for this tab only, so switching the page's language (a new address) does not lose it. */
const TOKEN_KEY = 'caudal.invitation';
const readInvitationToken = () => readLinkToken(TOKEN_KEY);

function SetPasswordForm({ token, subtitle }: { token: string; subtitle: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useAcceptInvitationMutation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaValidator(zPasswordPair(), translateDynamic),
  });
  // The company requires two-factor sign-in: the password is set, and enrolment comes before the session.
  const [enrolChallenge, setEnrolChallenge] = useState<string | null>(null);
  const finish = (accessToken: string) => {
    // Signed in: whatever an earlier session cached belongs to someone else.
    queryClient.clear();
    setToken(accessToken, 'local');
    navigate(to(PATHS.home), { replace: true });
  };
  const submit = form.onSubmit(({ password }) => {
    accept.mutate(
      { token, password },
      {
        onSuccess: (answer) => {
          // The invitation is used: a reload must not offer it again.
          sessionStorage.removeItem(TOKEN_KEY);
          if ('access_token' in answer) finish(answer.access_token);
          else setEnrolChallenge(answer.challenge);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (isCallError(team.acceptInvitation, error, 'WeakPassword'))
            form.setFieldError('password', t('errors.codes.WeakPassword'));
          else if (error.issues.length > 0)
            form.setErrors(issuesToFormErrors(error.issues, translateDynamic));
        },
      },
    );
  });
  if (enrolChallenge !== null) {
    return (
      <EnrolStep
        challenge={enrolChallenge}
        onSignedIn={finish}
        // The password is set: signing in again (password, then enrolment) is the way back.
        onRestart={() => navigate(to(PATHS.login), { replace: true })}
      />
    );
  }
  const error = accept.error instanceof ApiError ? accept.error : null;
  const isFieldError =
    isCallError(team.acceptInvitation, error, 'WeakPassword') || (error !== null && error.issues.length > 0);
  return (
    <>
      <FormHeader title={t('team.invitation.title')} subtitle={subtitle} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {accept.isError && !isFieldError ? (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {isCallError(team.acceptInvitation, error, 'InvalidInvitation')
                ? t('errors.codes.InvalidInvitation')
                : t('team.invitation.failed')}
            </Alert>
          ) : null}
          <NewPasswordFields
            form={form}
            names={{ password: 'password', confirm: 'confirmPassword' }}
            labels={{
              password: t('team.invitation.password'),
              hint: t('team.invitation.passwordHint'),
              confirm: t('team.invitation.confirmPassword'),
            }}
            size="md"
          />
          <Button type="submit" size="md" fullWidth loading={accept.isPending}>
            {t('team.invitation.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
