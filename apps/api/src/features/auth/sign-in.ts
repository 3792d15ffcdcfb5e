import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError, retryLater } from '../../shared/app-error';
import { getDummyHash, isPasswordCorrect } from '../../shared/auth/passwords';
import { type SignInOrigin, startSignedInSession } from '../../shared/auth/sign-in-session';
import { findTwoFactorStatus } from '../../shared/auth/two-factor';
import { addMinutes, type Clock } from '../../shared/clock';
import {
  ACCOUNT_WIDE,
  clearLoginFailures,
  findLoginCandidate,
  type LockoutKey,
  releaseLoginAttempt,
  reserveLoginAttempt,
  toLockoutKey,
} from './auth.repository';
import { releaseIpAttempt, reserveIpAttempt } from './login-throttle';
import { type RequestOrigin, recordSignIn } from './sign-in-audit';
import { CHALLENGE_TTL_SECONDS, type ChallengePurpose, issueChallenge } from './sign-in-challenges';

export interface SignInDeps {
  db: Db;
  clock: Clock;
  config: Config;
  tokenSecret: Uint8Array;
}

export interface Credentials {
  company: string;
  username: string;
  password: string;
}

/**
 * Every failure (unknown company or user, wrong password, disabled) is the same LoginFailed after one
 * argon2 verification, so neither the answer nor its timing says whether the user exists.
 *
 * Both limits are reserved atomically BEFORE the slow hash: a burst of parallel guesses cannot all
 * pass a check made while none of them has been counted yet. The client address gets 429 after too
 * many failures (spraying many usernames); the names as typed are locked after too many (LoginFailed,
 * unchecked, whether the user exists or not).
 */
export async function signIn(deps: SignInDeps, credentials: Credentials, origin: SignInOrigin) {
  const { db } = deps;
  const ip = origin.address ?? 'unknown';
  const now = deps.clock();
  const key = toLockoutKey(credentials.company, credentials.username);
  const audited = toAuditOrigin(origin);
  let candidate: Awaited<ReturnType<typeof checkPassword>>;
  try {
    await reserveAttempts(deps, key, ip, now);
    candidate = await checkPassword(deps, credentials, key, ip);
  } catch (error) {
    // A failed sign-in is its own kind of audit event (the names as typed, never the password).
    if (error instanceof AppError && error.code === 'LoginFailed') {
      await recordSignIn(db, audited, { kind: 'sign-in-failed' }, key, now);
    }
    throw error;
  }

  const secondStep = await findSecondStep(db, candidate);
  if (secondStep !== null) {
    // The password was right, but the sign-in is not done: give back only this attempt's reservations.
    // Earlier failures stay, so code guesses (between password entries too) add up to the same lockout.
    await releaseLoginAttempts(deps, key, ip);
    await releaseIpAttempt(db, ip);
    return openSecondStep(db, { id: candidate.id, companyId: candidate.company_id }, secondStep, key, now);
  }

  // Only failures count: the success gives back both reservations.
  await clearLoginFailures(db, key);
  await releaseIpAttempt(db, ip);
  const session = await startSignedInSession(
    deps,
    { id: candidate.id, companyId: candidate.company_id },
    now,
    origin,
  );
  await recordSignIn(
    db,
    audited,
    { kind: 'sign-in', userId: candidate.id, userKind: candidate.kind, companyId: candidate.company_id },
    key,
    now,
  );
  return session;
}

/**
 * Signs in a user whose first password was just set (an accepted invitation) as a sign-in with that
 * password would: the company's two-factor rule first (`enrol` when it requires it), else the session.
 */
export async function signInWithNewPassword(
  deps: SignInDeps,
  user: { id: string; companyId: string; companyName: string; username: string },
  origin: SignInOrigin,
) {
  const now = deps.clock();
  const secondStep = await findSecondStep(deps.db, { id: user.id, company_id: user.companyId });
  if (secondStep !== null) {
    return openSecondStep(deps.db, user, secondStep, toLockoutKey(user.companyName, user.username), now);
  }
  return startSignedInSession(deps, { id: user.id, companyId: user.companyId }, now, origin);
}

/** The answer that asks for a second step: its single-use challenge, bound to the names' lockout. */
async function openSecondStep(
  db: Db,
  user: { id: string; companyId: string },
  purpose: ChallengePurpose,
  key: LockoutKey,
  now: Date,
) {
  const challenge = await issueChallenge(db, {
    userId: user.id,
    companyId: user.companyId,
    purpose,
    key,
    now,
  });
  return { second_step: purpose, challenge, expires_in: CHALLENGE_TTL_SECONDS };
}

/** The sign-in's origin as the audit log keeps it. */
function toAuditOrigin(origin: SignInOrigin): RequestOrigin {
  return { ip: origin.address, userAgent: origin.browser, requestId: origin.requestId ?? null };
}

/**
 * Reserves one attempt against the address's throttle and the names' lockout, before anything slow is
 * checked (the password step and the code step share both). Refused: 429 for the address, LoginFailed
 * for locked names.
 */
export async function reserveAttempts(deps: SignInDeps, key: LockoutKey, ip: string, now: Date) {
  const { db, config } = deps;
  const throttle = await reserveIpAttempt(db, ip, {
    now,
    limit: config.loginMaxFailuresPerIp,
    windowMinutes: config.loginIpWindowMinutes,
  });
  if (!throttle.isAllowed) {
    throw retryLater('RateLimited', 'Too many failed sign-ins from this address', throttle.retryAfterSeconds);
  }
  const window = {
    now,
    windowStart: addMinutes(now, -config.loginLockMinutes),
    lockedUntil: addMinutes(now, config.loginLockMinutes),
  };
  // This address first: locked here, the attempt is refused without counting against the account, so
  // one address adds at most LOGIN_MAX_FAILURES a window to the account-wide count.
  const fromHere = await reserveLoginAttempt(db, key, ip, {
    ...window,
    maxFailures: config.loginMaxFailures,
  });
  if (!fromHere.isAllowed) throw new AppError('LoginFailed', 'Sign-in failed');
  const fromAnywhere = await reserveLoginAttempt(db, key, ACCOUNT_WIDE, {
    ...window,
    maxFailures: config.loginMaxFailuresPerAccount,
  });
  if (!fromAnywhere.isAllowed) throw new AppError('LoginFailed', 'Sign-in failed');
  return key;
}

/**
 * `code` for a user with two-factor on; `enrol` for staff of a company that requires it who have none
 * yet; null when the password is enough.
 */
async function findSecondStep(
  db: Db,
  candidate: { id: string; company_id: string },
): Promise<ChallengePurpose | null> {
  const status = await findTwoFactorStatus(db, { userId: candidate.id, companyId: candidate.company_id });
  if (status.is_enabled) return 'code';
  return status.is_required ? 'enrol' : null;
}

/** The user whose password this is; LoginFailed otherwise, after the same one argon2 verification. */
async function checkPassword(deps: SignInDeps, credentials: Credentials, key: LockoutKey, ip: string) {
  try {
    const candidate = await findLoginCandidate(deps.db, key);
    // Invited (no password yet), disabled, or of a disabled company: refused after the same one check.
    const isUsable =
      candidate !== undefined &&
      candidate.disabled_at === null &&
      candidate.companyDisabledAt === null &&
      candidate.password_hash !== null;
    const hash =
      isUsable && candidate.password_hash !== null
        ? candidate.password_hash
        : await getDummyHash(deps.config.passwordHashing);
    const isCorrect = await isPasswordCorrect(hash, credentials.password);
    if (!isUsable || !isCorrect) throw new AppError('LoginFailed', 'Sign-in failed');
    return candidate;
  } catch (error) {
    // Only a refused password is a failure; the database failing under the check is not the user's.
    if (!(error instanceof AppError)) await releaseReservations(deps, key, ip);
    throw error;
  }
}

/** Gives back this attempt's reservation on both tiers of the names' lockout. */
async function releaseLoginAttempts(deps: SignInDeps, key: LockoutKey, ip: string): Promise<void> {
  await releaseLoginAttempt(deps.db, key, ip, deps.config.loginMaxFailures);
  await releaseLoginAttempt(deps.db, key, ACCOUNT_WIDE, deps.config.loginMaxFailuresPerAccount);
}

export async function releaseReservations(deps: SignInDeps, key: LockoutKey, ip: string): Promise<void> {
  try {
    await releaseLoginAttempts(deps, key, ip);
    await releaseIpAttempt(deps.db, ip);
  } catch {
    // The database is still failing: the counters stay, and expire with their window.
  }
}
