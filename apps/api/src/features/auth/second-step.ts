import { AppError } from '../../shared/app-error';
import { noteAudit, outsideAudit } from '../../shared/audit/audit-scope';
import { type SignInOrigin, startSignedInSession } from '../../shared/auth/sign-in-session';
import {
  beginTotpEnrolment,
  confirmTotpEnrolment,
  type SecondFactor,
  spendSecondFactor,
} from '../../shared/auth/two-factor';
import { clearLoginFailures, type LockoutKey } from './auth.repository';
import { releaseIpAttempt } from './login-throttle';
import { releaseReservations, reserveAttempts, type SignInDeps } from './sign-in';
import { recordSignIn, type SignInFactor } from './sign-in-audit';
import { type ChallengePurpose, consumeChallenge, findUsableChallenge } from './sign-in-challenges';

type Challenge = NonNullable<Awaited<ReturnType<typeof findUsableChallenge>>>;

/**
 * The challenge a step answers. Every code guess then reserves an attempt against the password step's
 * lockout (the names as typed then) and the address's throttle, before the code is checked: fifty
 * parallel guesses get the same few checks a password would. An unknown, used or expired challenge is
 * InvalidChallenge.
 */
async function findOpenChallenge(deps: SignInDeps, token: string, purpose: ChallengePurpose, now: Date) {
  const challenge = await findUsableChallenge(deps.db, token, purpose, now);
  if (!challenge || challenge.disabledAt || challenge.companyDisabledAt) {
    throw new AppError('InvalidChallenge', 'The sign-in challenge is not valid');
  }
  return challenge;
}

/** The sign-in is done: the challenge is spent (once), the failures cleared, a session started. */
async function finishSignIn(
  deps: SignInDeps,
  step: { challenge: Challenge; key: LockoutKey },
  ip: string,
  now: Date,
  origin: SignInOrigin,
) {
  // The sign-in's own writes: none carries the event of the change an enrolment step records.
  return outsideAudit(async () => {
    if (!(await consumeChallenge(deps.db, step.challenge.tokenHash, now))) {
      throw new AppError('InvalidChallenge', 'The sign-in challenge was used meanwhile');
    }
    await clearLoginFailures(deps.db, step.key);
    await releaseIpAttempt(deps.db, ip);
    return startSignedInSession(
      deps,
      { id: step.challenge.userId, companyId: step.challenge.companyId },
      now,
      origin,
    );
  });
}

/** Runs a checked step; a failure that is not the user's (the database) gives its reservations back. */
async function runChecked<T>(
  deps: SignInDeps,
  step: { key: LockoutKey },
  ip: string,
  check: () => Promise<T>,
): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof AppError)) await outsideAudit(() => releaseReservations(deps, step.key, ip));
    throw error;
  }
}

/**
 * A second step, audited as the password step is: a refused code (or names locked meanwhile) is a
 * `sign-in-failed` of the challenge's user, a success a `sign-in`, each naming the factor. An unknown,
 * used or expired challenge names nobody and records nothing; nor does a failure of the database.
 * These writes (attempts, sign-in events) are outside the call's own audited change: an enrolment
 * step's event goes with the enrolment's transaction alone.
 */
async function runAuditedStep<T>(
  deps: SignInDeps,
  input: { challenge: string; purpose: ChallengePurpose; factor: SignInFactor },
  origin: SignInOrigin,
  run: (step: { challenge: Challenge; key: LockoutKey }, ip: string, now: Date) => Promise<T>,
): Promise<T> {
  const ip = origin.address ?? 'unknown';
  const now = deps.clock();
  const audited = { ip: origin.address, userAgent: origin.browser, requestId: origin.requestId ?? null };
  const challenge = await findOpenChallenge(deps, input.challenge, input.purpose, now);
  const user = {
    userId: challenge.userId,
    userKind: challenge.userKind,
    companyId: challenge.companyId,
  };
  const key: LockoutKey = { company: challenge.companyKey, username: challenge.usernameKey };
  let result: T;
  try {
    await outsideAudit(() => reserveAttempts(deps, key, ip, now));
    result = await run({ challenge, key }, ip, now);
  } catch (error) {
    const isRefused =
      error instanceof AppError && (error.code === 'InvalidTwoFactorCode' || error.code === 'LoginFailed');
    if (isRefused) {
      const failed = { kind: 'sign-in-failed', user, factor: input.factor } as const;
      await outsideAudit(() => recordSignIn(deps.db, audited, failed, key, now));
    }
    throw error;
  }
  const signedIn = { kind: 'sign-in', ...user, factor: input.factor } as const;
  await outsideAudit(() => recordSignIn(deps.db, audited, signedIn, key, now));
  return result;
}

export async function verifySignInCode(
  deps: SignInDeps,
  input: { challenge: string } & SecondFactor,
  origin: SignInOrigin,
) {
  const factor: SecondFactor =
    'code' in input ? { code: input.code } : { recovery_code: input.recovery_code };
  const audit = { challenge: input.challenge, purpose: 'code' as const };
  return runAuditedStep(
    deps,
    { ...audit, factor: 'code' in factor ? 'totp' : 'recovery-code' },
    origin,
    async (step, ip, now) => {
      const owner = { userId: step.challenge.userId, companyId: step.challenge.companyId };
      const isGood = await runChecked(deps, step, ip, () => spendSecondFactor(deps, owner, factor, now));
      if (!isGood) throw new AppError('InvalidTwoFactorCode', 'The code is not valid');
      return finishSignIn(deps, step, ip, now, origin);
    },
  );
}

/**
 * Enrolling at sign-in is the account page's enrolment (begin-enrolment, confirm-enrolment): its event
 * is filed under the user's company, the user as actor and target, as there.
 */
function noteEnrolment(challenge: Challenge) {
  noteAudit({
    companyId: challenge.companyId,
    actor: { kind: challenge.userKind, id: challenge.userId, name: challenge.username },
    targets: { user: challenge.username },
  });
}

/** Staff whose company requires two-factor and who have none get a key before their first token. */
export async function beginSignInEnrolment(deps: SignInDeps, input: { challenge: string }) {
  const challenge = await findUsableChallenge(deps.db, input.challenge, 'enrol', deps.clock());
  if (!challenge || challenge.disabledAt || challenge.companyDisabledAt) {
    throw new AppError('InvalidChallenge', 'The sign-in challenge is not valid');
  }
  noteEnrolment(challenge);
  return beginTotpEnrolment(deps, { userId: challenge.userId, companyId: challenge.companyId });
}

export async function confirmSignInEnrolment(
  deps: SignInDeps,
  input: { challenge: string; code: string },
  origin: SignInOrigin,
) {
  const audit = { challenge: input.challenge, purpose: 'enrol' as const, factor: 'enrolment' as const };
  return runAuditedStep(deps, audit, origin, async (step, ip, now) => {
    const owner = { userId: step.challenge.userId, companyId: step.challenge.companyId };
    // The key set is the change this call records: its event commits with the enrolment's transaction.
    noteEnrolment(step.challenge);
    const enrolled = await runChecked(deps, step, ip, () =>
      confirmTotpEnrolment(deps, owner, input.code, now),
    );
    const signedIn = await finishSignIn(deps, step, ip, now, origin);
    return { ...signedIn, ...enrolled };
  });
}
