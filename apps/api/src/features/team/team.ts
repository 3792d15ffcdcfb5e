import {
  INVITATION_PATH,
  INVITATION_TTL_HOURS,
  isModule,
  type LocaleCode,
  MODULE_BY_PERMISSION,
  type Module,
  type Permission,
  type StaffMember,
  type team,
} from '@caudal/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../shared/app-error';
import { noteAudit } from '../../shared/audit/audit-scope';
import { hashPassword } from '../../shared/auth/passwords';
import { endUserSessions } from '../../shared/auth/session-store';
import type { SignInOrigin } from '../../shared/auth/sign-in-session';
import type { Clock } from '../../shared/clock';
import type { JobQueue } from '../../shared/jobs/jobs';
import type { Logger } from '../../shared/logger';
import { notifyMailQueued } from '../../shared/mail/mail-jobs';
import { queueMail } from '../../shared/mail/outbox';
import { hashToken, randomToken } from '../../shared/secure-tokens';
import { signInWithNewPassword } from '../auth';
import { spendInvitationMail } from './invitation-limits';
import { composeInvitationMail } from './invitation-mail';
import {
  consumeInvitation,
  countOtherActiveAdmins,
  findStaffPage,
  findStaffRow,
  findUsableInvitation,
  insertInvitation,
  insertInvitedStaff,
  lockCompany,
  revokeInvitations,
  type StaffQuery,
  type StaffRow,
  toStaffMember,
  USERNAME_KEY,
} from './team.repository';

/**
 * One domain function per team action, each one transaction: the portal's calls and the operator's
 * command line run the same ones (a later audit log wraps them here).
 */
export interface TeamDeps {
  db: Db;
  clock: Clock;
  config: Config;
  jobs: JobQueue;
  log: Pick<Logger, 'warn'>;
}

/** Whose team, and who acts: a staff user of it, or the operator's command line (null). */
export interface TeamScope {
  companyId: string;
  actorUserId: string | null;
}

/** Permissions as the portal sends them (spec keys) or as the command line does (module names). */
export type RequestedPermissions = { keys: readonly Permission[] } | { modules: readonly string[] };

export interface InvitedStaff {
  member: StaffMember;
  /** The one-time link, for the command line to print; the portal's answer never carries it. */
  link: string;
}

const INVITATION_TOKEN_BYTES = 32;

export async function listStaff(deps: Pick<TeamDeps, 'db' | 'clock'>, scope: TeamScope, query: StaffQuery) {
  const company = await findCompanyModules(deps.db, scope.companyId);
  const page = await findStaffPage(deps.db, scope.companyId, query, deps.clock());
  return { items: page.rows.map((row) => toStaffMember(row, company)), total: page.total };
}

/**
 * Creates an invited user and mails them a link. Past the company's or the address's hourly budget of
 * invitation mails (`spendInvitationMail`), refused with RateLimited before anything is written.
 */
export async function inviteStaff(
  deps: TeamDeps,
  scope: TeamScope,
  input: {
    email: string;
    username: string;
    name: string | null;
    role: 'admin' | 'member';
    permissions: RequestedPermissions;
    language: LocaleCode;
  },
): Promise<InvitedStaff> {
  const now = deps.clock();
  let outboxId = '';
  let link = '';
  try {
    const member = await deps.db.transaction().execute(async (trx) => {
      const company = await requireCompany(trx, scope.companyId);
      const modules = toCompanyModules(input.permissions, company.modules);
      await spendInvitationMail(trx, scope, input.email, now);
      const { id } = await insertInvitedStaff(trx, {
        companyId: scope.companyId,
        username: input.username,
        email: input.email,
        name: input.name,
        role: input.role,
        modules,
        now,
      });
      const sent = await issueInvitation(trx, deps, {
        userId: id,
        companyId: scope.companyId,
        companyName: company.name,
        email: input.email,
        name: input.name,
        username: input.username,
        language: input.language,
      });
      outboxId = sent.outboxId;
      link = sent.link;
      const invited = await requireMember(trx, scope.companyId, input.username, now, company.modules);
      // What was granted, not what was asked: none asked (the operator's default) is every module.
      noteAudit({ next: { permissions: invited.permissions } });
      return invited;
    });
    await notifyMailQueued(deps.db, deps.jobs, deps.log, outboxId);
    return { member, link };
  } catch (error) {
    if (isUniqueViolation(error, USERNAME_KEY)) {
      throw new AppError('DuplicatedUsername', 'The company already has a user with that username');
    }
    throw error;
  }
}

/** A new link for a pending invitation, within the same budgets as an invitation's. */
export async function resendInvitation(
  deps: TeamDeps,
  scope: TeamScope,
  input: { username: string; language: LocaleCode },
): Promise<InvitedStaff> {
  const now = deps.clock();
  const result = await deps.db.transaction().execute(async (trx) => {
    const company = await requireCompany(trx, scope.companyId);
    const row = await requireStaff(trx, scope.companyId, input.username, now);
    if (!isPending(row)) throw new AppError('Conflict', 'The user has no pending invitation');
    await spendInvitationMail(trx, scope, row.email ?? '', now);
    await revokeInvitations(trx, row.id, now);
    const sent = await issueInvitation(trx, deps, {
      userId: row.id,
      companyId: scope.companyId,
      companyName: company.name,
      email: row.email ?? '',
      name: row.name,
      username: row.username,
      language: input.language,
    });
    const member = await requireMember(trx, scope.companyId, row.username, now, company.modules);
    return { member, ...sent };
  });
  await notifyMailQueued(deps.db, deps.jobs, deps.log, result.outboxId);
  return { member: result.member, link: result.link };
}

/** The invited user goes, and every link mailed to them stops working. */
export async function revokeInvitation(deps: TeamDeps, scope: TeamScope, input: { username: string }) {
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await requireCompany(trx, scope.companyId);
    const row = await requireStaff(trx, scope.companyId, input.username, now);
    if (!isPending(row)) throw new AppError('Conflict', 'The user has no pending invitation');
    noteAudit({ previous: { name: row.name, email: row.email } });
    await revokeInvitations(trx, row.id, now);
    await trx
      .deleteFrom('users')
      .where('id', '=', row.id)
      .where('company_id', '=', scope.companyId)
      .execute();
  });
}

/**
 * Replaces the user's role and permissions. With `expected` (what the portal's form loaded), refused
 * with Conflict when a colleague changed them since, so their change is not silently undone; without
 * it (the command line), replaced as asked.
 */
export async function updateStaff(
  deps: TeamDeps,
  scope: TeamScope,
  input: {
    username: string;
    role: 'admin' | 'member';
    permissions: RequestedPermissions;
    expected?: team.StaffSnapshot | undefined;
  },
): Promise<StaffMember> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    // The company's lock comes first: every change of a user's role or permissions takes it, so the row
    // read next is the one this update replaces, and no colleague's save lands between check and write.
    const company = await requireCompany(trx, scope.companyId);
    const row = await requireStaff(trx, scope.companyId, input.username, now);
    if (input.expected && !isStaffAsExpected(toStaffMember(row, company.modules), input.expected)) {
      throw new AppError('Conflict', 'The role or permissions changed since the form loaded them');
    }
    const modules = toCompanyModules(input.permissions, company.modules);
    if (row.role === 'admin' && input.role !== 'admin') {
      await requireAnotherAdmin(trx, scope, row, 'demote');
    }
    // Modules the company does not have now are kept: they come back if the company gets them again.
    const kept = row.permissions.filter((module) => !company.modules.includes(module));
    await trx
      .updateTable('users')
      .set({ role: input.role, permissions: [...new Set([...modules, ...kept])] })
      .where('id', '=', row.id)
      .execute();
    const member = await requireMember(trx, scope.companyId, row.username, now, company.modules);
    // The row read under the company's lock, before and after: both sides as the member reads them
    // (permissions in one order), so an unchanged role or set of permissions is not recorded.
    const before = toStaffMember(row, company.modules);
    noteAudit({
      previous: { role: before.role, permissions: before.permissions },
      next: { role: member.role, permissions: member.permissions },
    });
    return member;
  });
}

/** Whether the stored role and permissions read as the form saw them (the permissions as a set). */
function isStaffAsExpected(stored: StaffMember, expected: team.StaffSnapshot): boolean {
  const wanted = new Set(expected.permissions);
  return (
    stored.role === expected.role &&
    stored.permissions.length === wanted.size &&
    stored.permissions.every((permission) => wanted.has(permission))
  );
}

/** The user's sessions end now: a token they hold is refused on its next call. */
export async function disableStaff(
  deps: TeamDeps,
  scope: TeamScope,
  input: { username: string },
): Promise<StaffMember> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const company = await requireCompany(trx, scope.companyId);
    const row = await requireStaff(trx, scope.companyId, input.username, now);
    if (row.role === 'admin') await requireAnotherAdmin(trx, scope, row, 'disable');
    if (!row.disabled_at) {
      await trx.updateTable('users').set({ disabled_at: now }).where('id', '=', row.id).execute();
    }
    await endUserSessions(trx, row.id, now);
    return requireMember(trx, scope.companyId, row.username, now, company.modules);
  });
}

export async function enableStaff(
  deps: TeamDeps,
  scope: TeamScope,
  input: { username: string },
): Promise<StaffMember> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const company = await requireCompany(trx, scope.companyId);
    const row = await requireStaff(trx, scope.companyId, input.username, now);
    await trx.updateTable('users').set({ disabled_at: null }).where('id', '=', row.id).execute();
    return requireMember(trx, scope.companyId, row.username, now, company.modules);
  });
}

/** The user and everything that hangs from them (sessions, invitations, reset links) go. */
export async function deleteStaff(deps: TeamDeps, scope: TeamScope, input: { username: string }) {
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await requireCompany(trx, scope.companyId);
    const row = await requireStaff(trx, scope.companyId, input.username, now);
    if (row.role === 'admin') await requireAnotherAdmin(trx, scope, row, 'delete');
    // Who the user was, for the event that outlives the row (the target keeps only the username).
    noteAudit({ previous: { name: row.name, email: row.email, role: row.role } });
    await endUserSessions(trx, row.id, now);
    await trx
      .deleteFrom('users')
      .where('id', '=', row.id)
      .where('company_id', '=', scope.companyId)
      .execute();
  });
}

/** Who a link invites, for the set-password screen; InvalidInvitation when it cannot be used. */
export async function findInvitation(deps: Pick<TeamDeps, 'db' | 'clock'>, token: string) {
  const invitation = await findUsableInvitation(deps.db, hashToken(token), deps.clock());
  if (!invitation || !isAcceptable(invitation)) throw invalidInvitation();
  return { username: invitation.username, name: invitation.name, company_name: invitation.companyName };
}

/**
 * Sets the invited user's first password, once, then signs them in as a sign-in with that password
 * would: where the company requires two-factor sign-in the answer is the enrolment step, not a session.
 */
export async function acceptInvitation(
  deps: TeamDeps & { tokenSecret: Uint8Array },
  input: { token: string; password: string },
  origin: SignInOrigin,
) {
  const now = deps.clock();
  // argon2 before the transaction: it is slow, and the transaction should hold its locks briefly.
  const passwordHash = await hashPassword(input.password, deps.config.passwordHashing);
  const tokenHash = hashToken(input.token);
  const invited = await deps.db.transaction().execute(async (trx) => {
    const invitation = await findUsableInvitation(trx, tokenHash, now);
    if (!invitation || !isAcceptable(invitation)) throw invalidInvitation();
    if (!(await consumeInvitation(trx, tokenHash, now))) throw invalidInvitation();
    noteAudit({
      companyId: invitation.companyId,
      actor: { kind: 'visitor', id: invitation.userId, name: invitation.username },
      targets: { user: invitation.username },
    });
    await revokeInvitations(trx, invitation.userId, now);
    const updated = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', invitation.userId)
      .where('password_hash', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw invalidInvitation();
    return invitation;
  });
  return signInWithNewPassword(
    deps,
    {
      id: invited.userId,
      companyId: invited.companyId,
      companyName: invited.companyName,
      username: invited.username,
    },
    origin,
  );
}

function invalidInvitation() {
  return new AppError('InvalidInvitation', 'The invitation is unknown, used, expired or revoked');
}

function isAcceptable(invitation: {
  password_hash: string | null;
  disabled_at: Date | null;
  companyDisabledAt: Date | null;
}) {
  return invitation.password_hash === null && !invitation.disabled_at && !invitation.companyDisabledAt;
}

function isPending(row: StaffRow) {
  return row.password_hash === null;
}

async function findCompanyModules(db: Db, companyId: string): Promise<string[]> {
  const row = await db
    .selectFrom('companies')
    .select('modules')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.modules ?? [];
}

export async function requireCompany(db: Db, companyId: string) {
  const company = await lockCompany(db, companyId);
  if (!company) throw new AppError('NotFound', 'No such company');
  return company;
}

export async function requireStaff(
  db: Db,
  companyId: string,
  username: string,
  now: Date,
): Promise<StaffRow> {
  const row = await findStaffRow(db, companyId, username, now);
  if (!row) throw new AppError('NotFound', 'No such staff user');
  return row;
}

export async function requireMember(
  db: Db,
  companyId: string,
  username: string,
  now: Date,
  companyModules: readonly string[],
): Promise<StaffMember> {
  return toStaffMember(await requireStaff(db, companyId, username, now), companyModules);
}

/**
 * Nobody removes their own admin access (demote, disable, delete), and the company always keeps one
 * active admin: refused with SelfLockout or LastAdmin before anything is written.
 */
async function requireAnotherAdmin(
  db: Db,
  scope: TeamScope,
  row: StaffRow,
  action: 'demote' | 'disable' | 'delete',
): Promise<void> {
  if (scope.actorUserId === row.id) {
    throw new AppError('SelfLockout', `An admin cannot ${action} themselves`);
  }
  const isActiveAdmin = row.password_hash !== null && !row.disabled_at;
  if (isActiveAdmin && (await countOtherActiveAdmins(db, scope.companyId, row.id)) === 0) {
    throw new AppError('LastAdmin', `The company's last active admin cannot be ${action}d`);
  }
}

/** The modules a request names, all of them the company's; anything else is UnknownPermission. */
export function toCompanyModules(
  requested: RequestedPermissions,
  companyModules: readonly string[],
): Module[] {
  const modules =
    'keys' in requested
      ? requested.keys.map((key) => MODULE_BY_PERMISSION[key])
      : requested.modules.map((name) => name.trim()).filter((name) => name.length > 0);
  const unknown = modules.filter((module) => !isModule(module) || !companyModules.includes(module));
  if (unknown.length > 0) {
    throw new AppError('UnknownPermission', `Not modules of the company: ${unknown.join(', ')}`);
  }
  return [...new Set(modules as Module[])];
}

async function issueInvitation(
  db: Db,
  deps: Pick<TeamDeps, 'config'> & { clock: Clock },
  invitation: {
    userId: string;
    companyId: string;
    companyName: string;
    email: string;
    name: string | null;
    username: string;
    language: LocaleCode;
  },
): Promise<{ outboxId: string; link: string }> {
  const now = deps.clock();
  const token = randomToken(INVITATION_TOKEN_BYTES);
  await insertInvitation(db, {
    tokenHash: hashToken(token),
    userId: invitation.userId,
    companyId: invitation.companyId,
    now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_HOURS * 3_600_000),
  });
  const link = invitationLink(deps.config, invitation.language, token);
  const mail = composeInvitationMail(invitation.language, {
    link,
    name: invitation.name,
    username: invitation.username,
    companyName: invitation.companyName,
    platformName: deps.config.platformName,
    hours: INVITATION_TTL_HOURS,
  });
  const outboxId = await queueMail(db, {
    companyId: invitation.companyId,
    to: invitation.email,
    subject: mail.subject,
    text: mail.text,
  });
  return { outboxId, link };
}

/**
 * The token rides in the fragment: browsers never send it, so it reaches no server, proxy or request
 * log; the set-password screen reads it and posts it in a body.
 */
export function invitationLink(config: Pick<Config, 'publicUrl'>, language: LocaleCode, token: string) {
  return `${config.publicUrl}/${language}${INVITATION_PATH}#${token}`;
}
