import type { ConnectSession, connections, Entity, ResponseOf } from '@caudal/contract';
import { connections as connectCalls } from '@caudal/contract/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isCallError } from '../../../shared/api/api-error';
import { getToken } from '../../../shared/auth/token-store';
import { HostedCustomCss } from '../../../shared/branding/hosted-custom-css';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { type SessionBrand, SessionFrame } from '../../../shared/layouts/session-layout';
import {
  useChooseInstitutionMutation,
  useConnectSessionQuery,
  useSubmitCredentialsMutation,
  useSubmitScaMutation,
} from '../api/connect-api';
import { ConnectProgress } from '../components/connect-progress';
import {
  InvalidLink,
  LoadFailed,
  Loading,
  PasswordTriesSpent,
  Redirecting,
} from '../components/connect-status';
import { CredentialsStep } from '../components/credentials-step';
import { InstitutionStep } from '../components/institution-step';
import { ScaStep } from '../components/sca-step';
import { type ConnectStep, initialStep, stepsFor } from '../lib/connect-flow';
import { finishTarget } from '../lib/finish-target';

/** A token expired or used: its session call and every step answer InvalidConnectToken. */
const isDeadToken = (error: unknown) =>
  isCallError(connectCalls.getConnectSession, error, 'InvalidConnectToken');

/**
 * `/:lang/connect/:token`: the public hosted flow. No staff session here (no main layout, no /platform/me):
 * the one-time token in every body is the only authorisation, and the company is the brand.
 */
export function ConnectRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const session = useConnectSessionQuery(token);
  const company = session.data?.company_name;
  const brand: SessionBrand = company
    ? {
        name: company,
        tagline: t('connect.brandTagline'),
        description: t('connect.brandDescription', { company }),
      }
    : { name: t('connect.brandFallback'), tagline: t('connect.brandTagline'), description: '' };

  let body: React.ReactNode;
  if (session.data) body = <ConnectFlow session={session.data} token={token} />;
  else if (isDeadToken(session.error)) body = <InvalidLink />;
  else if (session.isError) body = <LoadFailed error={session.error} onRetry={() => session.refetch()} />;
  else body = <Loading />;

  return (
    <>
      <HostedCustomCss css={session.data?.custom_css ?? null} />
      <SessionFrame brand={brand}>{body}</SessionFrame>
    </>
  );
}

type StepAnswer = ResponseOf<typeof connections.submitConnectSca>;

/** The flow itself, shared with the hosted Link page (features/links), which mints its own token. */
export function ConnectFlow({ session, token }: { session: ConnectSession; token: string }) {
  const steps = stepsFor(session.mode);
  const choose = useChooseInstitutionMutation(token);
  const [step, setStep] = useState<ConnectStep>(() => initialStep(session));
  const [entity, setEntity] = useState<Entity | null>(
    () => session.entities.find((candidate) => candidate.id === session.entity_id) ?? null,
  );
  const [redirecting, setRedirecting] = useState(false);
  const [dead, setDead] = useState(false);
  const [triesSpent, setTriesSpent] = useState<unknown>(null);
  const credentials = useSubmitCredentialsMutation(token);
  const sca = useSubmitScaMutation(token);
  const navigate = useNavigate();
  const to = useLocalePath();

  const entityName = entity?.name ?? session.entity_id ?? '';
  // A token that dies mid-flow (expired, used in another tab) ends the flow like a dead link.
  const onError = (error: unknown) => {
    if (isDeadToken(error)) setDead(true);
    // The caps on wrong passwords stopped the flow: its token is spent, the form can do nothing more.
    if (isCallError(connectCalls.submitConnectCredentials, error, 'TooManyPasswordTries'))
      setTriesSpent(error);
  };
  const onAnswer = (answer: StepAnswer) => {
    if (answer.status !== 'done') {
      setStep('sca');
      return;
    }
    const here = { origin: window.location.origin, signedIn: getToken() !== null };
    if (finishTarget(answer.redirect_to, here) === 'confirm') {
      // The holder's own confirmation page, in the link's language; nothing of the flow in its URL.
      navigate(to('/connect/done'), { replace: true, state: { company: session.company_name } });
      return;
    }
    setRedirecting(true);
    window.location.assign(answer.redirect_to);
  };

  if (triesSpent) return <PasswordTriesSpent error={triesSpent} />;
  if (dead) return <InvalidLink />;
  if (redirecting) return <Redirecting />;

  return (
    <>
      <ConnectProgress steps={steps} current={step} />
      {step === 'institution' ? (
        <InstitutionStep
          company={session.company_name}
          entities={session.entities}
          states={session.institution_states}
          onPick={(picked) => {
            choose.mutate(picked.id);
            setEntity(picked);
            credentials.reset();
            setStep('credentials');
          }}
        />
      ) : step === 'credentials' ? (
        <CredentialsStep
          key={entity?.id}
          session={session}
          entityName={entityName}
          pending={credentials.isPending}
          error={credentials.error}
          onBack={
            session.mode === 'connect' && session.entity_id === null ? () => setStep('institution') : null
          }
          onSubmit={(values) =>
            credentials.mutate(
              { ...values, entity_id: entity?.id ?? session.entity_id ?? '' },
              { onSuccess: onAnswer, onError },
            )
          }
        />
      ) : (
        <ScaStep
          session={session}
          entityName={entityName}
          pending={sca.isPending}
          error={sca.error}
          onSubmit={(code) => sca.mutate(code, { onSuccess: onAnswer, onError })}
        />
      )}
    </>
  );
}
