import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError, retryLater } from '../../shared/app-error';
import type { Actor } from '../../shared/auth/actor';
import { hashPassword, isPasswordCorrect } from '../../shared/auth/passwords';
import { endOtherSessions } from '../../shared/auth/session-store';
import type { Clock } from '../../shared/clock';
import { hitRateLimit } from '../../shared/rate-limit';
import {
  clearLoginFailures,
  findPasswordHash,
  invalidateResetTokens,
  replacePasswordHash,
  toLockoutKey,
} from './auth.repository';

/**
 * Attempts per user and window: someone at an unlocked, signed-in screen may not guess the current
 * password (and take the account) faster than the login form would let them.
 */
export const CHANGE_PASSWORD_ATTEMPTS = { limit: 5, windowMinutes: 15 } as const;

export interface PasswordChangeDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'passwordHashing'>;
}

/**
 * The signed-in user's new password, after their current one. The user's other sessions end (a
 * password changed because it leaked must sign the intruder out); the caller's stays. Reset links still
 * in the mailbox die too, and the sign-in lockout counters start over.
 */
export async function changePassword(
  deps: PasswordChangeDeps,
  actor: Pick<Actor, 'userId' | 'companyId' | 'sessionId' | 'profile'>,
  input: { current_password: string; new_password: string },
): Promise<{ endedSessions: number }> {
  const { db } = deps;
  const now = deps.clock();
  const attempt = await hitRateLimit(
    db,
    { key: `change-password:user:${actor.userId}`, ...CHANGE_PASSWORD_ATTEMPTS },
    now,
  );
  if (!attempt.isAllowed) {
    throw retryLater('RateLimited', 'Too many password change attempts', attempt.resetSeconds);
  }
  const user = await findPasswordHash(db, actor.userId, actor.companyId);
  const currentHash = user && !user.disabled_at ? user.password_hash : null;
  if (!currentHash) throw new AppError('Unauthorized', 'The user cannot change a password');
  if (!(await isPasswordCorrect(currentHash, input.current_password))) {
    throw new AppError('WrongCurrentPassword', 'The current password does not match');
  }
  if (input.new_password === input.current_password) {
    throw new AppError('PasswordUnchanged', 'The new password is the current one');
  }
  // Hash before the transaction: argon2 is slow and the transaction should hold its locks briefly.
  const passwordHash = await hashPassword(input.new_password, deps.config.passwordHashing);
  return db.transaction().execute(async (trx) => {
    const isReplaced = await replacePasswordHash(trx, {
      userId: actor.userId,
      companyId: actor.companyId,
      expectedHash: currentHash,
      passwordHash,
    });
    // Another change got in between the check and now: this one's current password is no longer it.
    if (!isReplaced) throw new AppError('WrongCurrentPassword', 'The password changed meanwhile');
    const endedSessions = await endOtherSessions(
      trx,
      { userId: actor.userId, keepSessionId: actor.sessionId },
      now,
    );
    await invalidateResetTokens(trx, actor.userId, now);
    await clearLoginFailures(trx, toLockoutKey(actor.profile.companyName, actor.profile.username));
    return { endedSessions };
  });
}
