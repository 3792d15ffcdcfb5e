import { LOCALE_CODES, OPERATOR_AUDIT_ACTIONS, STAFF_ROLES, team, VALIDATION } from '@caudal/contract';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { issuePasswordReset } from '../features/auth';
import {
  createCompany,
  disableCompany,
  enableCompany,
  findCompanyId,
  listCompanies,
  setCompanyLanguage,
  setCompanyModules,
} from '../features/companies/companies';
import { disableStaff, enableStaff, inviteStaff, listStaff, type TeamScope } from '../features/team';
import { AppError } from '../shared/app-error';
import { noteAudit, runAudited } from '../shared/audit/audit-scope';
import { verifyAuditChain } from '../shared/audit/verify-audit-chain';
import type { Clock } from '../shared/clock';
import type { JobQueue } from '../shared/jobs/jobs';
import type { Logger } from '../shared/logger';
import { findOutboxMails } from '../shared/mail/outbox';
import { describeIssue } from './refusal-text';

/**
 * What the operator's command line can do. The same table runs in the command line's own process (on
 * PostgreSQL, or an embedded data directory no server holds) and in the server (over its socket, when
 * it holds the embedded one): one path, whichever process owns the database.
 */
export interface OperatorDeps {
  db: Db;
  clock: Clock;
  config: Config;
  jobs: JobQueue;
  log: Pick<Logger, 'warn'>;
}

export interface OperatorRequest {
  command: string;
  args: Record<string, unknown>;
}

const ZCompany = z.string().trim().min(1, { error: VALIDATION.required }).max(200);
const ZUsername = z.string().trim().min(1, { error: VALIDATION.required }).max(200);
const ZList = z.array(z.string());
const ZLanguage = z.enum(LOCALE_CODES).default('es');

/** Files the command's event under the company it acts on: that company's admins read it in /audit. */
async function noteCompany(db: Db, company: string): Promise<string> {
  const companyId = await findCompanyId(db, company);
  noteAudit({ companyId });
  return companyId;
}

/** The operator acts for no staff user: self-lockout rules do not apply, last-admin ones do. */
async function scopeOf(db: Db, company: string): Promise<TeamScope> {
  return { companyId: await noteCompany(db, company), actorUserId: null };
}

/** Commands that change state: each appends an operator event in its own transaction (none that read). */
const CHANGING_COMMANDS: ReadonlySet<string> = new Set(OPERATOR_AUDIT_ACTIONS);

const COMMANDS = {
  'company.create': {
    args: z.object({ name: z.string(), modules: ZList, language: ZLanguage }),
    run: (deps: OperatorDeps, args: { name: string; modules: string[]; language: 'es' | 'en' }) =>
      createCompany(deps, args),
  },
  'company.list': {
    args: z.object({}),
    run: (deps: OperatorDeps) => listCompanies(deps),
  },
  'company.modules': {
    args: z.object({ company: ZCompany, modules: ZList }),
    run: async (deps: OperatorDeps, args: { company: string; modules: string[] }) => {
      await noteCompany(deps.db, args.company);
      return setCompanyModules(deps, args);
    },
  },
  'company.language': {
    args: z.object({ company: ZCompany, language: z.enum(LOCALE_CODES) }),
    run: async (deps: OperatorDeps, args: { company: string; language: 'es' | 'en' }) => {
      await noteCompany(deps.db, args.company);
      return setCompanyLanguage(deps, args);
    },
  },
  'company.disable': {
    args: z.object({ company: ZCompany }),
    run: async (deps: OperatorDeps, args: { company: string }) => {
      await noteCompany(deps.db, args.company);
      return disableCompany(deps, args);
    },
  },
  'company.enable': {
    args: z.object({ company: ZCompany }),
    run: async (deps: OperatorDeps, args: { company: string }) => {
      await noteCompany(deps.db, args.company);
      return enableCompany(deps, args);
    },
  },
  'staff.invite': {
    args: z.object({
      company: ZCompany,
      // The portal's invite form's rules (the contract's), so neither takes what the other refuses.
      email: team.ZInviteStaffRequest.shape.email,
      username: team.ZInviteStaffRequest.shape.username,
      name: team.ZInviteStaffRequest.shape.name.nullable().default(null),
      role: z.enum(STAFF_ROLES).default('member'),
      /** Module names; none given: every module of the company. */
      permissions: ZList.nullable().default(null),
      language: ZLanguage,
    }),
    run: async (
      deps: OperatorDeps,
      args: {
        company: string;
        email: string;
        username: string;
        name: string | null;
        role: 'admin' | 'member';
        permissions: string[] | null;
        language: 'es' | 'en';
      },
    ) => {
      const scope = await scopeOf(deps.db, args.company);
      const modules =
        args.permissions ??
        (
          await deps.db
            .selectFrom('companies')
            .select('modules')
            .where('id', '=', scope.companyId)
            .executeTakeFirstOrThrow()
        ).modules;
      const invited = await inviteStaff(deps, scope, {
        email: args.email,
        username: args.username,
        name: args.name,
        role: args.role,
        permissions: { modules },
        language: args.language,
      });
      return { ...invited.member, invitation_link: invited.link };
    },
  },
  'staff.list': {
    args: z.object({ company: ZCompany }),
    run: async (deps: OperatorDeps, args: { company: string }) => {
      const scope = await scopeOf(deps.db, args.company);
      const all = [];
      for (let page = 1; ; page++) {
        const { items, total } = await listStaff(deps, scope, { page, page_size: 100 });
        all.push(...items);
        if (all.length >= total || items.length === 0) return all;
      }
    },
  },
  'staff.disable': {
    args: z.object({ company: ZCompany, username: ZUsername }),
    run: async (deps: OperatorDeps, args: { company: string; username: string }) =>
      disableStaff(deps, await scopeOf(deps.db, args.company), args),
  },
  'staff.enable': {
    args: z.object({ company: ZCompany, username: ZUsername }),
    run: async (deps: OperatorDeps, args: { company: string; username: string }) =>
      enableStaff(deps, await scopeOf(deps.db, args.company), args),
  },
  'staff.reset-password': {
    args: z.object({ company: ZCompany, username: ZUsername, language: ZLanguage }),
    run: async (deps: OperatorDeps, args: { company: string; username: string; language: 'es' | 'en' }) => {
      const scope = await scopeOf(deps.db, args.company);
      const reset = await issuePasswordReset(deps, { ...args, companyId: scope.companyId });
      return { username: args.username, email: reset.email, reset_link: reset.link };
    },
  },
  'audit.verify': {
    args: z.object({ company: ZCompany.nullable().default(null) }),
    run: async (deps: OperatorDeps, args: { company: string | null }) => ({
      company: args.company,
      ...(await verifyAuditChain(deps.db, args.company ? await findCompanyId(deps.db, args.company) : null)),
    }),
  },
  'mail.list': {
    args: z.object({ to: z.email(), limit: z.number().int().min(1).max(50).default(5) }),
    run: (deps: OperatorDeps, args: { to: string; limit: number }) => findOutboxMails(deps.db, args),
  },
} as const;

export type OperatorCommandName = keyof typeof COMMANDS;

/** Arguments the command line takes under another option's name (`company modules --set a,b`). */
const OPTIONS: Partial<Record<string, Record<string, string>>> = {
  'company.modules': { modules: '--set' },
  'company.language': { language: '--set' },
};

function optionOf(command: string, path: readonly PropertyKey[]): string {
  const key = String(path[0] ?? '');
  if (!key) return 'The arguments';
  return OPTIONS[command]?.[key] ?? `--${key}`;
}

export type OperatorOutcome =
  | { ok: true; result: unknown }
  | { ok: false; error: { code: string; message: string } };

/** Runs one command; a refusal (bad arguments, a rule) is an outcome, never a throw. */
export async function runOperatorCommand(
  deps: OperatorDeps,
  request: OperatorRequest,
): Promise<OperatorOutcome> {
  const command = COMMANDS[request.command as OperatorCommandName];
  if (!command) return refused('UnknownCommand', `Unknown command ${request.command}`);
  const parsed = command.args.safeParse(request.args ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (!issue) return refused('ValidationError', 'The arguments are not valid');
    return refused('ValidationError', describeIssue(issue, optionOf(request.command, issue.path)));
  }
  try {
    const run = command.run as (deps: OperatorDeps, args: unknown) => Promise<unknown>;
    if (!CHANGING_COMMANDS.has(request.command)) return { ok: true, result: await run(deps, parsed.data) };
    const args = parsed.data as Record<string, unknown>;
    const result = await runAudited(
      deps.db,
      {
        draft: {
          companyId: null,
          kind: 'change',
          action: request.command,
          actor: { kind: 'operator', id: null, name: 'operator' },
          targets: typeof args.username === 'string' ? { user: args.username } : {},
          ip: null,
          userAgent: null,
          requestId: null,
          changes: {},
        },
        fields: ['name', 'modules', 'language', 'email', 'username', 'role', 'permissions'],
        input: args,
        responseTargets: {},
        now: deps.clock,
      },
      () => run(deps, parsed.data),
    );
    return { ok: true, result };
  } catch (error) {
    if (error instanceof AppError) return refused(error.code, error.message);
    throw error;
  }
}

function refused(code: string, message: string): OperatorOutcome {
  return { ok: false, error: { code, message } };
}
