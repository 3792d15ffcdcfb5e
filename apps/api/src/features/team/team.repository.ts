import {
  MODULES,
  type Module,
  type ParsedRequestOf,
  PERMISSION_BY_MODULE,
  STAFF_PAGE_SIZE,
  type StaffMember,
  type StaffSort,
  type team,
} from '@caudal/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/** The database's unique index on (company_id, lower(username)): staff and portal users share it. */
export const USERNAME_KEY = 'users_company_username_key';

const SEARCH_TEXT = sql<string>`lower(users.username || ' ' || coalesce(users.name, '') || ' ' || coalesce(users.email, ''))`;

export interface StaffRow {
  id: string;
  username: string;
  name: string | null;
  email: string | null;
  role: 'admin' | 'member' | null;
  permissions: string[];
  password_hash: string | null;
  disabled_at: Date | null;
  last_sign_in_at: Date | null;
  created_at: Date;
  invitation_expires_at: Date | null;
  totp_enabled_at: Date | null;
}

function whereStaffOfCompany(companyId: string) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.and([eb('users.company_id', '=', companyId), eb('users.kind', '=', 'staff')]);
}

/** `%`, `_` and `\` are wildcards or the escape in LIKE: a search for them means the characters. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function selectStaff(db: Db, now: Date) {
  return db
    .selectFrom('users')
    .select([
      'users.id',
      'users.username',
      'users.name',
      'users.email',
      'users.role',
      'users.permissions',
      'users.password_hash',
      'users.disabled_at',
      'users.last_sign_in_at',
      'users.created_at',
      'users.totp_enabled_at',
    ])
    .select(
      sql<Date | null>`(select max(i.expires_at) from staff_invitations i where i.user_id = users.id
        and i.used_at is null and i.revoked_at is null and i.expires_at > ${now}::timestamptz)`.as(
        'invitation_expires_at',
      ),
    );
}

export function toStaffMember(row: StaffRow, companyModules: readonly string[]): StaffMember {
  const state = row.disabled_at ? 'disabled' : row.password_hash === null ? 'invited' : 'active';
  return {
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role ?? 'member',
    permissions: MODULES.filter(
      (module) => row.permissions.includes(module) && companyModules.includes(module),
    ).map((module) => PERMISSION_BY_MODULE[module]),
    state,
    last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
    invitation_expires_at: state === 'invited' ? (row.invitation_expires_at?.toISOString() ?? null) : null,
    created_at: row.created_at.toISOString(),
    has_two_factor: row.totp_enabled_at !== null,
  };
}

/** The list call's request, as the contract declares it (declared once). */
export type StaffQuery = Partial<NonNullable<ParsedRequestOf<typeof team.listStaff>>>;

const SORT_EXPRESSIONS: Record<StaffSort, ReturnType<typeof sql>> = {
  username: sql`lower(users.username)`,
  name: sql`lower(coalesce(users.name, ''))`,
  last_sign_in: sql`users.last_sign_in_at`,
};

/** One page of a company's staff, with the total number of matches. */
export async function findStaffPage(db: Db, companyId: string, query: StaffQuery, now: Date) {
  const pattern = query.search ? `%${escapeLike(query.search.toLowerCase())}%` : null;
  const matches = (eb: ExpressionBuilder<Database, 'users'>) =>
    pattern === null
      ? whereStaffOfCompany(companyId)(eb)
      : eb.and([whereStaffOfCompany(companyId)(eb), eb(SEARCH_TEXT, 'like', pattern)]);
  const pageSize = query.page_size ?? STAFF_PAGE_SIZE.default;
  const offset = ((query.page ?? 1) - 1) * pageSize;
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  const sort = SORT_EXPRESSIONS[query.sort ?? 'username'];
  const [rows, count] = await Promise.all([
    selectStaff(db, now)
      .where(matches)
      // Never signed in sorts last either way.
      .orderBy(sql`${sort} ${direction} nulls last`)
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
  return { rows, total: Number(count.total) };
}

export async function findStaffRow(
  db: Db,
  companyId: string,
  username: string,
  now: Date,
): Promise<StaffRow | null> {
  const row = await selectStaff(db, now)
    .where(whereStaffOfCompany(companyId))
    .where(sql`lower(users.username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Locks the company row for the rest of the transaction: team changes of one company go one at a
 * time, so two admins demoting each other at once cannot both pass the last-admin check.
 */
export async function lockCompany(db: Db, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['companies.id', 'companies.name', 'companies.modules', 'companies.disabled_at'])
    .where('companies.id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
}

/** Active admins (signed up, not disabled) of the company other than `exceptUserId`. */
export async function countOtherActiveAdmins(db: Db, companyId: string, exceptUserId: string) {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(whereStaffOfCompany(companyId))
    .where('users.role', '=', 'admin')
    .where('users.disabled_at', 'is', null)
    .where('users.password_hash', 'is not', null)
    .where('users.id', '!=', exceptUserId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertInvitedStaff(
  db: Db,
  user: {
    companyId: string;
    username: string;
    email: string;
    name: string | null;
    role: 'admin' | 'member';
    modules: readonly Module[];
    now: Date;
  },
) {
  return db
    .insertInto('users')
    .values({
      company_id: user.companyId,
      username: user.username,
      email: user.email,
      name: user.name,
      password_hash: null,
      kind: 'staff',
      role: user.role,
      permissions: [...user.modules],
      created_at: user.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function insertInvitation(
  db: Db,
  invitation: { tokenHash: string; userId: string; companyId: string; now: Date; expiresAt: Date },
) {
  await db
    .insertInto('staff_invitations')
    .values({
      token_hash: invitation.tokenHash,
      user_id: invitation.userId,
      company_id: invitation.companyId,
      created_at: invitation.now,
      expires_at: invitation.expiresAt,
    })
    .execute();
}

/** Every link of the user still unused stops working (a resend, a revoke, an acceptance). */
export async function revokeInvitations(db: Db, userId: string, now: Date) {
  await db
    .updateTable('staff_invitations')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The invitation behind a token while it can be used, with its user and company. */
export function findUsableInvitation(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('staff_invitations')
    .innerJoin('users', 'users.id', 'staff_invitations.user_id')
    .innerJoin('companies', 'companies.id', 'staff_invitations.company_id')
    .select([
      'staff_invitations.token_hash',
      'users.id as userId',
      'users.company_id as companyId',
      'users.username',
      'users.name',
      'users.password_hash',
      'users.disabled_at',
      'companies.name as companyName',
      'companies.disabled_at as companyDisabledAt',
    ])
    .where('staff_invitations.token_hash', '=', tokenHash)
    .where('staff_invitations.used_at', 'is', null)
    .where('staff_invitations.revoked_at', 'is', null)
    .where('staff_invitations.expires_at', '>', now)
    .whereRef('users.company_id', '=', 'staff_invitations.company_id')
    .where('users.kind', '=', 'staff')
    .executeTakeFirst();
}

/** Marks the token used if it still can be; of two concurrent uses only one gets a row back. */
export function consumeInvitation(db: Db, tokenHash: string, now: Date) {
  return db
    .updateTable('staff_invitations')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'company_id'])
    .executeTakeFirst();
}
