import { ACCESS_TOKEN_MAX_AGE_SECONDS } from '@caudal/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { signAccessToken } from '../../shared/auth/access-token';
import { getDummyHash, isPasswordCorrect } from '../../shared/auth/passwords';
import { createSession } from '../../shared/auth/session-store';
import { addMinutes, type Clock } from '../../shared/clock';
import { AppError, retryLater } from '../../shared/http/app-error';
import {
  clearLoginFailures,
  findLoginCandidate,
  type LockoutKey,
  releaseLoginAttempt,
  reserveLoginAttempt,
  toLockoutKey,
} from './auth.repository';
import { releaseIpAttempt, reserveIpAttempt } from './login-throttle';
import { type RequestOrigin, recordSignIn } from './sign-in-audit';

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
export async function signIn(
  deps: SignInDeps,
  credentials: Credentials,
  ip: string,
  origin: RequestOrigin = { ip, userAgent: null, requestId: null },
) {
  const { db, config } = deps;
  const now = deps.clock();
  const throttle = await reserveIpAttempt(db, ip, {
    now,
    limit: config.loginMaxFailuresPerIp,
    windowMinutes: config.loginIpWindowMinutes,
  });
  if (!throttle.isAllowed) {
    throw retryLater('RateLimited', 'Too many failed sign-ins from this address', throttle.retryAfterSeconds);
  }
  const key = toLockoutKey(credentials.company, credentials.username);
  const attempt = await reserveLoginAttempt(db, key, {
    now,
    maxFailures: config.loginMaxFailures,
    windowStart: addMinutes(now, -config.loginLockMinutes),
    lockedUntil: addMinutes(now, config.loginLockMinutes),
  });
  if (!attempt.isAllowed) {
    await recordSignIn(db, origin, { kind: 'sign-in-failed' }, key, now);
    throw new AppError('LoginFailed', 'Sign-in failed');
  }
  let candidate: Awaited<ReturnType<typeof checkPassword>>;
  try {
    candidate = await checkPassword(deps, credentials, key, ip);
  } catch (error) {
    if (error instanceof AppError && error.code === 'LoginFailed') {
      await recordSignIn(db, origin, { kind: 'sign-in-failed' }, key, now);
    }
    throw error;
  }

  // Only failures count: the success gives back both reservations.
  await clearLoginFailures(db, key);
  await releaseIpAttempt(db, ip);
  await db.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', candidate.id).execute();
  const sessionId = await createSession(db, {
    userId: candidate.id,
    companyId: candidate.company_id,
    now,
    lifetimeSeconds: ACCESS_TOKEN_MAX_AGE_SECONDS,
  });
  await recordSignIn(
    db,
    origin,
    { kind: 'sign-in', userId: candidate.id, userKind: candidate.kind, companyId: candidate.company_id },
    key,
    now,
  );
  const accessToken = await signAccessToken(
    { userId: candidate.id, sessionId, companyId: candidate.company_id },
    deps.tokenSecret,
    now,
    ACCESS_TOKEN_MAX_AGE_SECONDS,
  );
  return {
    access_token: accessToken,
    token_type: 'Bearer' as const,
    expires_in: ACCESS_TOKEN_MAX_AGE_SECONDS,
  };
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

async function releaseReservations(deps: SignInDeps, key: LockoutKey, ip: string): Promise<void> {
  try {
    await releaseLoginAttempt(deps.db, key, deps.config.loginMaxFailures);
    await releaseIpAttempt(deps.db, ip);
  } catch {
    // The database is still failing: the counters stay, and expire with their window.
  }
}
