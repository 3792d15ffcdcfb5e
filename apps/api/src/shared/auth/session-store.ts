import { randomUUID } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database';
import { addSeconds } from '../clock';

export async function createSession(
  db: Db,
  session: {
    userId: string;
    companyId: string;
    now: Date;
    lifetimeSeconds: number;
    id?: string;
    origin?: { address: string | null; browser: string | null };
  },
): Promise<string> {
  const id = session.id ?? randomUUID();
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: session.userId,
      company_id: session.companyId,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: addSeconds(session.now, session.lifetimeSeconds),
      address: session.origin?.address ?? null,
      browser: session.origin?.browser ?? null,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  return id;
}

function selectSessionWithUser(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'sessions.id as sessionId',
      'sessions.user_id as userId',
      'sessions.company_id as companyId',
      'sessions.last_seen_at as lastSeenAt',
      'sessions.expires_at as expiresAt',
      'sessions.ended_at as endedAt',
      'users.company_id as userCompanyId',
      'users.kind as kind',
      'users.role as role',
      'users.permissions as userModules',
      'companies.disabled_at as companyDisabledAt',
      'users.disabled_at as disabledAt',
      'users.username as username',
      'users.name as name',
      'users.email as email',
      'companies.name as companyName',
      'companies.modules as modules',
    ])
    .where('sessions.id', '=', sessionId);
}

export type SessionWithUser = Awaited<
  ReturnType<ReturnType<typeof selectSessionWithUser>['executeTakeFirst']>
>;

/**
 * Every signed-in call runs this join, so it is built and compiled once per database handle and only
 * its one parameter changes: building the query per call was a tenth of the guard's CPU (bench/README.md).
 */
const compiledSessionJoins = new WeakMap<Db, CompiledQuery<NonNullable<SessionWithUser>>>();

/** The session with what the guard needs about its user and company, in one query. */
export async function findSessionWithUser(db: Db, sessionId: string): Promise<SessionWithUser> {
  let compiled = compiledSessionJoins.get(db);
  if (!compiled) {
    compiled = selectSessionWithUser(db, sessionId).compile();
    compiledSessionJoins.set(db, compiled);
  }
  const result = await db.executeQuery<NonNullable<SessionWithUser>>({
    ...compiled,
    parameters: [sessionId],
  });
  return result.rows[0];
}

/** The clients a portal user may see: one lookup on the (user_id, client_id) primary key. */
export async function findPortalClientIds(db: Db, userId: string, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('portal_user_clients')
    .select('client_id')
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .execute();
  return rows.map((row) => row.client_id);
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

export async function endSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/** Signs the user out everywhere but `keepSessionId`; answers how many sessions it ended. */
export async function endOtherSessions(
  db: Db,
  user: { userId: string; keepSessionId: string },
  now: Date,
): Promise<number> {
  const ended = await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('user_id', '=', user.userId)
    .where('id', '<>', user.keepSessionId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(ended.numUpdatedRows);
}

export async function endUserSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}
