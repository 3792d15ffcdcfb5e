import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { toCompanyNameKey } from '../../shared/company-name-key';

/** Lockout counters are keyed by the names as typed (case-insensitive), whether or not they exist. */
export interface LockoutKey {
  company: string;
  username: string;
}

export function toLockoutKey(company: string, username: string): LockoutKey {
  return { company: toCompanyNameKey(company), username: username.trim().toLowerCase() };
}

export function findLoginCandidate(db: Db, key: LockoutKey) {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.kind',
      'users.company_id',
      'users.password_hash',
      'users.disabled_at',
      'companies.disabled_at as companyDisabledAt',
    ])
    .where(sql<boolean>`lower(companies.name) = ${key.company}`)
    .where(sql<boolean>`lower(users.username) = ${key.username}`)
    .executeTakeFirst();
}

/**
 * Who a lockout counter counts: the names as typed, from one address, or from any (`ACCOUNT_WIDE`).
 * The address tier locks the names for that address only, so nobody elsewhere can lock a user out with
 * a few wrong passwords; the account-wide tier, at a higher count, stops guessing spread over addresses.
 */
export const ACCOUNT_WIDE = '';

/**
 * Reserves one sign-in attempt for the names as typed on one tier (`address`, or `ACCOUNT_WIDE`),
 * atomically and before the password is checked (several requests and instances may reserve at once:
 * the row lock orders them). Every reservation counts as a failure until a success clears the row. The
 * first `maxFailures` reservations of a window may be checked; the one that reaches the limit locks the
 * names on that tier until `lockedUntil`, and any further one is refused unchecked. An expired lock or
 * window starts a new count.
 */
export async function reserveLoginAttempt(
  db: Db,
  key: LockoutKey,
  address: string,
  policy: { now: Date; maxFailures: number; windowStart: Date; lockedUntil: Date },
): Promise<{ isAllowed: boolean }> {
  const isFresh = sql`(login_failures.window_started_at <= ${policy.windowStart}::timestamptz
    or login_failures.locked_until <= ${policy.now}::timestamptz)`;
  const nextCount = sql`case when ${isFresh} then 1 else login_failures.failed_count + 1 end`;
  const { rows } = await sql<{ failed_count: number }>`
    insert into login_failures (company_key, username_key, address, failed_count, window_started_at, locked_until)
    values (${key.company}, ${key.username}, ${address}, 1, ${policy.now}::timestamptz,
      case when 1 >= ${policy.maxFailures}::int then ${policy.lockedUntil}::timestamptz end)
    on conflict (company_key, username_key, address) do update set
      failed_count = ${nextCount},
      window_started_at = case when ${isFresh} then ${policy.now}::timestamptz
        else login_failures.window_started_at end,
      locked_until = case
        when ${isFresh} then case when 1 >= ${policy.maxFailures}::int then ${policy.lockedUntil}::timestamptz end
        when login_failures.locked_until is not null then login_failures.locked_until
        when ${nextCount} >= ${policy.maxFailures}::int then ${policy.lockedUntil}::timestamptz
      end
    returning failed_count
  `.execute(db);
  return { isAllowed: (rows[0]?.failed_count ?? Number.POSITIVE_INFINITY) <= policy.maxFailures };
}

/**
 * Gives back an attempt reserved on one tier by a sign-in that never got to check the password (the
 * database failed under it, or a second step follows): a brownout must not lock users out. A lock this
 * very attempt set goes with it.
 */
export async function releaseLoginAttempt(
  db: Db,
  key: LockoutKey,
  address: string,
  maxFailures: number,
): Promise<void> {
  await sql`
    update login_failures set
      failed_count = greatest(failed_count - 1, 0),
      locked_until = case when failed_count - 1 < ${maxFailures}::int then null else locked_until end
    where company_key = ${key.company} and username_key = ${key.username} and address = ${address}
  `.execute(db);
}

/** A success (or a new password): every tier of the names starts over. */
export async function clearLoginFailures(db: Db, key: LockoutKey): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('company_key', '=', key.company)
    .where('username_key', '=', key.username)
    .execute();
}

export function findActiveUsersByEmail(db: Db, email: string) {
  return (
    db
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
      // An invited user sets a first password through the invitation link, not a reset.
      .where('users.password_hash', 'is not', null)
      .where('companies.disabled_at', 'is', null)
      .execute()
  );
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

export function findPasswordHash(db: Db, userId: string, companyId: string) {
  return db
    .selectFrom('users')
    .select(['password_hash', 'disabled_at'])
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** Replaces the hash only if it is still `expectedHash`: of two concurrent changes, one wins. */
export async function replacePasswordHash(
  db: Db,
  user: { userId: string; companyId: string; expectedHash: string; passwordHash: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ password_hash: user.passwordHash })
    .where('id', '=', user.userId)
    .where('company_id', '=', user.companyId)
    .where('password_hash', '=', user.expectedHash)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function updatePasswordHash(db: Db, userId: string, companyId: string, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .execute();
}
