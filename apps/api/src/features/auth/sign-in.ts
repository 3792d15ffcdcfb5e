import { ACCESS_TOKEN_MAX_AGE_SECONDS } from '@caudal/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { signAccessToken } from '../../shared/auth/access-token';
import { getDummyHash, isPasswordCorrect } from '../../shared/auth/passwords';
import { createSession } from '../../shared/auth/session-store';
import { addMinutes, type Clock } from '../../shared/clock';
import { AppError } from '../../shared/http/app-error';
import {
  clearLoginFailures,
  findLockout,
  findLoginCandidate,
  recordLoginFailure,
  toLockoutKey,
} from './auth.repository';

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
 * Every failure (unknown company or user, wrong password, disabled, locked) is the same LoginFailed
 * after one argon2 verification, so neither the answer nor its timing says whether the user exists.
 */
export async function signIn(deps: SignInDeps, credentials: Credentials) {
  const { db, config } = deps;
  const now = deps.clock();
  const key = toLockoutKey(credentials.company, credentials.username);
  const lockout = await findLockout(db, key);
  const isLocked = Boolean(lockout?.locked_until && lockout.locked_until.getTime() > now.getTime());
  const candidate = await findLoginCandidate(db, key);
  const isUsable = !isLocked && candidate !== undefined && candidate.disabled_at === null;
  const hash = isUsable && candidate ? candidate.password_hash : await getDummyHash(config.passwordHashing);
  const isCorrect = await isPasswordCorrect(hash, credentials.password);

  if (!isUsable || !isCorrect || !candidate) {
    if (!isLocked) {
      await recordLoginFailure(db, key, {
        now,
        maxFailures: config.loginMaxFailures,
        windowStart: addMinutes(now, -config.loginLockMinutes),
        lockedUntil: addMinutes(now, config.loginLockMinutes),
      });
    }
    throw new AppError('LoginFailed', 'Sign-in failed');
  }

  if (lockout) await clearLoginFailures(db, key);
  const sessionId = await createSession(db, {
    userId: candidate.id,
    companyId: candidate.company_id,
    now,
    lifetimeSeconds: ACCESS_TOKEN_MAX_AGE_SECONDS,
  });
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
