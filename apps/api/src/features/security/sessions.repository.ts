import type { Db } from '../../db/database';

/**
 * The user's live sessions: not ended, not past their lifetime, not idle for longer than allowed
 * (the guard would end those at their next call). `last_seen_at` is what the guard already keeps,
 * written at most once a minute per session: listing it costs no write.
 */
export function findLiveSessions(
  db: Db,
  owner: { userId: string; companyId: string },
  idleSince: Date,
  now: Date,
) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'address', 'browser'])
    .where('user_id', '=', owner.userId)
    .where('company_id', '=', owner.companyId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
}

/** Ends one of the owner's own sessions; false when it is not theirs or already over. */
export async function endOwnSession(
  db: Db,
  owner: { userId: string; companyId: string },
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', owner.userId)
    .where('company_id', '=', owner.companyId)
    .where('ended_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function endOwnSessionsExcept(
  db: Db,
  owner: { userId: string; companyId: string },
  keptSessionId: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('user_id', '=', owner.userId)
    .where('company_id', '=', owner.companyId)
    .where('id', '!=', keptSessionId)
    .where('ended_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}
