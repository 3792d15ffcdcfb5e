import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Lockout counters are keyed by the names as typed (case-insensitive), whether or not they exist. */
export interface LockoutKey {
  company: string;
  username: string;
}

export function toLockoutKey(company: string, username: string): LockoutKey {
  return { company: company.trim().toLowerCase(), username: username.trim().toLowerCase() };
}

export function findLoginCandidate(db: Db, key: LockoutKey) {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.id', 'users.company_id', 'users.password_hash', 'users.disabled_at'])
    .where(sql<boolean>`lower(companies.name) = ${key.company}`)
    .where(sql<boolean>`lower(users.username) = ${key.username}`)
    .executeTakeFirst();
}

export function findLockout(db: Db, key: LockoutKey) {
  return db
    .selectFrom('login_failures')
    .select(['failed_count', 'locked_until'])
    .where('company_key', '=', key.company)
    .where('username_key', '=', key.username)
    .executeTakeFirst();
}

/** Counts a failure atomically (several instances may count at once) and locks at the limit. */
export async function recordLoginFailure(
  db: Db,
  key: LockoutKey,
  policy: { now: Date; maxFailures: number; windowStart: Date; lockedUntil: Date },
): Promise<void> {
  const isWindowOver = sql`login_failures.window_started_at <= ${policy.windowStart}::timestamptz`;
  const nextCount = sql`case when ${isWindowOver} then 1 else login_failures.failed_count + 1 end`;
  await sql`
    insert into login_failures (company_key, username_key, failed_count, window_started_at, locked_until)
    values (${key.company}, ${key.username}, 1, ${policy.now}::timestamptz,
      case when 1 >= ${policy.maxFailures}::int then ${policy.lockedUntil}::timestamptz end)
    on conflict (company_key, username_key) do update set
      failed_count = ${nextCount},
      window_started_at = case when ${isWindowOver} then ${policy.now}::timestamptz
        else login_failures.window_started_at end,
      locked_until = case when ${nextCount} >= ${policy.maxFailures}::int then ${policy.lockedUntil}::timestamptz
        else login_failures.locked_until end
  `.execute(db);
}

export async function clearLoginFailures(db: Db, key: LockoutKey): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('company_key', '=', key.company)
    .where('username_key', '=', key.username)
    .execute();
}

export function findActiveUsersByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.company_id',
      'users.email',
      'users.name',
      'users.username',
      'companies.name as companyName',
    ])
    .where(sql<boolean>`lower(users.email) = ${email.toLowerCase()}`)
    .where('users.disabled_at', 'is', null)
    .execute();
}

export async function insertResetToken(
  db: Db,
  token: { tokenHash: string; userId: string; companyId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      company_id: token.companyId,
      created_at: token.now,
      expires_at: token.expiresAt,
    })
    .execute();
}

/** Marks the token used if it is still usable; of two concurrent uses only one gets a row back. */
export function consumeResetToken(db: Db, tokenHash: string, now: Date) {
  return db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'company_id'])
    .executeTakeFirst();
}

/** Any other link still in the user's mailbox dies with this reset. */
export async function invalidateResetTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export function findUserForReset(db: Db, userId: string, companyId: string) {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.id', 'users.username', 'users.disabled_at', 'companies.name as companyName'])
    .where('users.id', '=', userId)
    .where('users.company_id', '=', companyId)
    .executeTakeFirst();
}

export async function updatePasswordHash(db: Db, userId: string, companyId: string, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .execute();
}
