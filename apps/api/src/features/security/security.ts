import type { UserSession } from '@caudal/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../shared/app-error';
import { noteAudit } from '../../shared/audit/audit-scope';
import type { Actor } from '../../shared/auth/actor';
import { beginTotpEnrolment, confirmTotpEnrolment, findTwoFactorStatus } from '../../shared/auth/two-factor';
import { addMinutes, type Clock } from '../../shared/clock';
import { isUuid } from '../../shared/secure-tokens';
import { endOwnSession, endOwnSessionsExcept, findLiveSessions } from './sessions.repository';

export interface SecurityDeps {
  db: Db;
  clock: Clock;
  config: Config;
}

/** Always the caller's own account: the owner comes from the session alone. */
function ownerOf(actor: Actor) {
  return { userId: actor.userId, companyId: actor.companyId };
}

/** A change to the caller's own account: its audit event names the caller as the user it changed. */
function noteOwnAccount(actor: Actor) {
  noteAudit({ targets: { user: actor.profile.username } });
}

export function getTwoFactor(deps: SecurityDeps, actor: Actor) {
  return findTwoFactorStatus(deps.db, ownerOf(actor));
}

export function beginEnrolment(deps: SecurityDeps, actor: Actor) {
  noteOwnAccount(actor);
  return beginTotpEnrolment(deps, ownerOf(actor));
}

export function confirmEnrolment(deps: SecurityDeps, actor: Actor, code: string) {
  noteOwnAccount(actor);
  return confirmTotpEnrolment(deps, ownerOf(actor), code, deps.clock());
}

export async function listSessions(deps: SecurityDeps, actor: Actor): Promise<UserSession[]> {
  const now = deps.clock();
  const rows = await findLiveSessions(
    deps.db,
    ownerOf(actor),
    addMinutes(now, -deps.config.sessionIdleMinutes),
    now,
  );
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
    address: row.address,
    browser: row.browser,
    is_current: row.id === actor.sessionId,
  }));
}

/** Ends one of the caller's sessions (their current one too: that is signing out). Its next call is refused. */
export async function endSession(deps: SecurityDeps, actor: Actor, sessionId: string) {
  // The session's id is recorded (the contract's `audit.fields`), never its token.
  noteOwnAccount(actor);
  const isEnded =
    isUuid(sessionId) && (await endOwnSession(deps.db, ownerOf(actor), sessionId, deps.clock()));
  if (!isEnded) throw new AppError('NotFound', 'No such session');
}

export async function endOtherSessions(deps: SecurityDeps, actor: Actor) {
  noteOwnAccount(actor);
  return { ended: await endOwnSessionsExcept(deps.db, ownerOf(actor), actor.sessionId, deps.clock()) };
}
