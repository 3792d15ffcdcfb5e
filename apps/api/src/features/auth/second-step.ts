import { AppError } from '../../shared/app-error';
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
import { type ChallengePurpose, consumeChallenge, findUsableChallenge } from './sign-in-challenges';

type Challenge = NonNullable<Awaited<ReturnType<typeof findUsableChallenge>>>;

/**
 * Every code guess reserves an attempt against the password step's lockout (the names as typed then)
 * and the address's throttle, before the code is checked: fifty parallel guesses get the same few
 * checks a password would. An unknown, used or expired challenge is InvalidChallenge.
 */
async function openStep(deps: SignInDeps, token: string, purpose: ChallengePurpose, ip: string, now: Date) {
  const challenge = await findUsableChallenge(deps.db, token, purpose, now);
  if (!challenge || challenge.disabledAt || challenge.companyDisabledAt) {
    throw new AppError('InvalidChallenge', 'The sign-in challenge is not valid');
  }
  const key: LockoutKey = { company: challenge.companyKey, username: challenge.usernameKey };
  await reserveAttempts(deps, key, ip, now);
  return { challenge, key };
}

/** The sign-in is done: the challenge is spent (once), the failures cleared, a session started. */
async function finishSignIn(
  deps: SignInDeps,
  step: { challenge: Challenge; key: LockoutKey },
  ip: string,
  now: Date,
  origin: SignInOrigin,
) {
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
    if (!(error instanceof AppError)) await releaseReservations(deps, step.key, ip);
    throw error;
  }
}

export async function verifySignInCode(
  deps: SignInDeps,
  input: { challenge: string } & SecondFactor,
  origin: SignInOrigin,
) {
  const ip = origin.address ?? 'unknown';
  const now = deps.clock();
  const step = await openStep(deps, input.challenge, 'code', ip, now);
  const owner = { userId: step.challenge.userId, companyId: step.challenge.companyId };
  const factor: SecondFactor =
    'code' in input ? { code: input.code } : { recovery_code: input.recovery_code };
  const isGood = await runChecked(deps, step, ip, () => spendSecondFactor(deps, owner, factor, now));
  if (!isGood) throw new AppError('InvalidTwoFactorCode', 'The code is not valid');
  return finishSignIn(deps, step, ip, now, origin);
}

/** Staff whose company requires two-factor and who have none get a key before their first token. */
export async function beginSignInEnrolment(deps: SignInDeps, input: { challenge: string }) {
  const challenge = await findUsableChallenge(deps.db, input.challenge, 'enrol', deps.clock());
  if (!challenge || challenge.disabledAt || challenge.companyDisabledAt) {
    throw new AppError('InvalidChallenge', 'The sign-in challenge is not valid');
  }
  return beginTotpEnrolment(deps, { userId: challenge.userId, companyId: challenge.companyId });
}

export async function confirmSignInEnrolment(
  deps: SignInDeps,
  input: { challenge: string; code: string },
  origin: SignInOrigin,
) {
  const ip = origin.address ?? 'unknown';
  const now = deps.clock();
  const step = await openStep(deps, input.challenge, 'enrol', ip, now);
  const owner = { userId: step.challenge.userId, companyId: step.challenge.companyId };
  const enrolled = await runChecked(deps, step, ip, () => confirmTotpEnrolment(deps, owner, input.code, now));
  const signedIn = await finishSignIn(deps, step, ip, now, origin);
  return { ...signedIn, ...enrolled };
}
