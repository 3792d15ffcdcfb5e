import {
  type ParsedRequestOf,
  PORTAL_CLIENTS_PREVIEW,
  PORTAL_PAGE_SIZE,
  type PortalClient,
  type PortalUser,
  type PortalUserSummary,
  type portals,
} from '@caudal/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { noteAudit } from '../../shared/audit/audit-scope';
import type { Actor } from '../../shared/auth/actor';
import { endUserSessions } from '../../shared/auth/session-store';
import { isUuid } from '../../shared/secure-tokens';
import { escapeLike } from '../../shared/sql/escape-like';

/** The database's unique index on (company_id, lower(username)): the one arbiter of duplicate usernames. */
const USERNAME_KEY = 'users_company_username_key';

/** The expression of the partial trigram index `users_portal_search_trgm_idx` (migration 0011). */
const SEARCH_TEXT = sql<string>`lower(users.username || ' ' || coalesce(users.name, '') || ' ' || coalesce(users.email, ''))`;

/** The list call's parsed body (every field optional: tests pass part of it). */
export type PortalQuery = Partial<NonNullable<ParsedRequestOf<typeof portals.listPortals>>>;

/** Portal users of the actor's company, and only those: staff rows are never reached from here. */
function wherePortalOfCompany(actor: Actor) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.and([eb('users.company_id', '=', actor.companyId), eb('users.kind', '=', 'portal')]);
}

/** One page of the company's portal users by username, each with its first clients by name. */
export async function findPortalUsers(
  db: Db,
  actor: Actor,
  query: PortalQuery,
): Promise<{ items: PortalUserSummary[]; total: number }> {
  const pattern = query.search ? `%${escapeLike(query.search.toLowerCase())}%` : null;
  const matches = (eb: ExpressionBuilder<Database, 'users'>) =>
    pattern === null
      ? wherePortalOfCompany(actor)(eb)
      : eb.and([wherePortalOfCompany(actor)(eb), eb(SEARCH_TEXT, 'like', pattern)]);
  const pageSize = query.page_size ?? PORTAL_PAGE_SIZE.default;
  const offset = ((query.page ?? 1) - 1) * pageSize;

  const [rows, count] = await Promise.all([
    db
      .selectFrom('users')
      .select(['users.id', 'users.username', 'users.email', 'users.name', 'users.created_at'])
      .select(
        sql<number>`(select count(*)::int from portal_user_clients pc where pc.user_id = users.id)`.as(
          'client_count',
        ),
      )
      .where(matches)
      .orderBy(sql`lower(users.username)`)
      .orderBy('users.id')
      .limit(pageSize)
      .offset(offset)
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(matches)
      .executeTakeFirstOrThrow(),
  ]);
  const previews = await findClientPreviews(
    db,
    actor,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      username: row.username,
      email: row.email,
      name: row.name,
      clients: previews.get(row.id) ?? [],
      client_count: row.client_count,
      created_at: row.created_at.toISOString(),
    })),
    total: Number(count.total),
  };
}

/** The first clients by name of each user on the page, in one query (a window per user). */
async function findClientPreviews(
  db: Db,
  actor: Actor,
  userIds: string[],
): Promise<Map<string, PortalClient[]>> {
  const previews = new Map<string, PortalClient[]>();
  if (userIds.length === 0) return previews;
  const ranked = db
    .selectFrom('portal_user_clients as pc')
    .innerJoin('clients as c', 'c.id', 'pc.client_id')
    .select(['pc.user_id', 'c.id', 'c.name', 'c.alias'])
    .select(
      sql<number>`row_number() over (partition by pc.user_id order by lower(c.name), c.id)`.as('position'),
    )
    .where('pc.user_id', 'in', userIds)
    .where('pc.company_id', '=', actor.companyId)
    .where('c.company_id', '=', actor.companyId);
  const rows = await db
    .selectFrom(ranked.as('r'))
    .selectAll()
    .where('r.position', '<=', PORTAL_CLIENTS_PREVIEW)
    .orderBy('r.user_id')
    .orderBy('r.position')
    .execute();
  for (const row of rows) {
    const list = previews.get(row.user_id) ?? [];
    list.push({ id: row.id, name: row.name, alias: row.alias });
    previews.set(row.user_id, list);
  }
  return previews;
}

interface PortalUserRow {
  id: string;
  username: string;
  email: string | null;
  name: string | null;
  created_at: Date;
}

async function findPortalUserRow(
  db: Db,
  actor: Actor,
  username: string,
  options: { isLocked?: boolean } = {},
): Promise<PortalUserRow | null> {
  const row = await db
    .selectFrom('users')
    .select(['users.id', 'users.username', 'users.email', 'users.name', 'users.created_at'])
    .where(wherePortalOfCompany(actor))
    .where(sql`lower(users.username)`, '=', username.toLowerCase())
    .$if(options.isLocked === true, (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row ?? null;
}

/** A portal user of the actor's company with every client assigned to them, or null. */
export async function findPortalUser(db: Db, actor: Actor, username: string): Promise<PortalUser | null> {
  const row = await findPortalUserRow(db, actor, username);
  return row ? toPortalUser(db, actor, row) : null;
}

async function toPortalUser(db: Db, actor: Actor, row: PortalUserRow): Promise<PortalUser> {
  const clients = await db
    .selectFrom('portal_user_clients as pc')
    .innerJoin('clients as c', 'c.id', 'pc.client_id')
    .select(['c.id', 'c.name', 'c.alias'])
    .where('pc.user_id', '=', row.id)
    .where('c.company_id', '=', actor.companyId)
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .execute();
  return {
    username: row.username,
    email: row.email,
    name: row.name,
    clients,
    client_count: clients.length,
    created_at: row.created_at.toISOString(),
    client_ids: clients.map((client) => client.id),
  };
}

/**
 * Refuses the whole request when any id is not a client of the actor's company (another company's, a
 * deleted one, or no uuid at all): an assignment is never half-written, nor silently narrowed.
 */
async function requireCompanyClients(db: Db, actor: Actor, clientIds: readonly string[]): Promise<void> {
  if (clientIds.length === 0) return;
  if (!clientIds.every(isUuid)) throw new AppError('UnknownClient', 'A client id is not valid');
  // Key-share locks: a client deleted meanwhile waits for this assignment (and then takes it with it
  // by cascade) instead of vanishing between this check and the insert.
  const found = await db
    .selectFrom('clients')
    .select('clients.id')
    .where('clients.company_id', '=', actor.companyId)
    .where('clients.id', 'in', clientIds)
    .forKeyShare()
    .execute();
  if (found.length !== new Set(clientIds).size) {
    throw new AppError('UnknownClient', 'A client is not one of the company');
  }
}

async function insertAssignments(db: Db, actor: Actor, userId: string, clientIds: readonly string[]) {
  if (clientIds.length === 0) return;
  await db
    .insertInto('portal_user_clients')
    .values(
      clientIds.map((clientId) => ({ user_id: userId, client_id: clientId, company_id: actor.companyId })),
    )
    .onConflict((conflict) => conflict.columns(['user_id', 'client_id']).doNothing())
    .execute();
}

export interface NewPortalUser {
  username: string;
  email: string;
  name: string;
  passwordHash: string;
  clientIds: readonly string[];
}

/** The user and its clients in one transaction; two concurrent creates of one username give one 409. */
export async function insertPortalUser(db: Db, actor: Actor, user: NewPortalUser, now: Date) {
  try {
    return await db.transaction().execute(async (trx) => {
      await requireCompanyClients(trx, actor, user.clientIds);
      const row = await trx
        .insertInto('users')
        .values({
          company_id: actor.companyId,
          username: user.username,
          email: user.email,
          name: user.name,
          password_hash: user.passwordHash,
          kind: 'portal',
          created_at: now,
        })
        .returning(['id', 'username', 'email', 'name', 'created_at'])
        .executeTakeFirstOrThrow();
      await insertAssignments(trx, actor, row.id, user.clientIds);
      return toPortalUser(trx, actor, row);
    });
  } catch (error) {
    if (isUniqueViolation(error, USERNAME_KEY)) {
      throw new AppError('DuplicatedUsername', 'The company already has a user with that username');
    }
    throw error;
  }
}

/** True when a user of the company (staff or portal) already has the username, in any case. */
export async function isUsernameTaken(db: Db, actor: Actor, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.company_id', '=', actor.companyId)
    .where(sql`lower(users.username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces the user's clients; the guard reads them on every call, so the next call sees the change. */
export async function replacePortalClients(
  db: Db,
  actor: Actor,
  username: string,
  clientIds: readonly string[],
  options: { expected?: readonly string[] | undefined } = {},
): Promise<PortalUser | null> {
  return db.transaction().execute(async (trx) => {
    // Locked: two staff replacing one user's clients at once go one after the other, so the second
    // finds the first's save instead of the two ending as their union.
    const row = await findPortalUserRow(trx, actor, username, { isLocked: true });
    if (!row) return null;
    const before = await findAssignedClientIds(trx, actor, row.id);
    if (options.expected && !isSameSet(before, options.expected)) {
      throw new AppError('Conflict', "The user's clients changed since the form loaded them");
    }
    await requireCompanyClients(trx, actor, clientIds);
    await trx
      .deleteFrom('portal_user_clients')
      .where('user_id', '=', row.id)
      .$if(clientIds.length > 0, (qb) => qb.where('client_id', 'not in', clientIds))
      .execute();
    await insertAssignments(trx, actor, row.id, clientIds);
    const user = await toPortalUser(trx, actor, row);
    // The assignments before and after, read under the user's lock, both as sets in one order: an
    // unchanged set (in whatever order the request named it) is not recorded as a change.
    noteAudit({ previous: { client_ids: before }, next: { client_ids: [...user.client_ids].sort() } });
    return user;
  });
}

function isSameSet(stored: readonly string[], expected: readonly string[]): boolean {
  const wanted = new Set(expected.map((id) => id.toLowerCase()));
  return stored.length === wanted.size && stored.every((id) => wanted.has(id.toLowerCase()));
}

/** The ids of the user's clients, sorted. */
async function findAssignedClientIds(db: Db, actor: Actor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('portal_user_clients as pc')
    .innerJoin('clients as c', 'c.id', 'pc.client_id')
    .select('c.id')
    .where('pc.user_id', '=', userId)
    .where('c.company_id', '=', actor.companyId)
    .execute();
  return rows.map((client) => client.id).sort();
}

/**
 * Ends the user's sessions and deletes the user (its assignments and sessions go with it), so a token
 * it still holds is refused on its next call. Staff users are never reached: only `kind = 'portal'`.
 */
export async function deletePortalUser(db: Db, actor: Actor, username: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await findPortalUserRow(trx, actor, username);
    if (!row) return false;
    // Who the user was, for the audit event that outlives the row (its target keeps the username).
    noteAudit({ previous: { name: row.name, email: row.email } });
    await endUserSessions(trx, row.id, now);
    await trx.deleteFrom('users').where('users.id', '=', row.id).where(wherePortalOfCompany(actor)).execute();
    return true;
  });
}
