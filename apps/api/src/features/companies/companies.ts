import {
  COMPANY_NAME_CHARACTERS,
  DEFAULT_LOCALE,
  findInvalidCharacter,
  isLocaleCode,
  isModule,
  LIMITS,
  type LocaleCode,
  MODULES,
  type Module,
} from '@caudal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../shared/app-error';
import { noteAudit } from '../../shared/audit/audit-scope';
import type { Clock } from '../../shared/clock';
import { collapseSpaces, toCompanyNameKey } from '../../shared/company-name-key';
import { readableCharacter } from '../../shared/readable-character';

/**
 * Companies as the operator manages them (the command line): one domain function per action, each one
 * transaction, so a later audit log wraps them here.
 */
export interface CompanyDeps {
  db: Db;
  clock: Clock;
}

export interface CompanySummary {
  name: string;
  modules: Module[];
  /** Holders' mails fall back to it when the holder's own language is not known (es/en). */
  language: LocaleCode;
  state: 'active' | 'disabled';
  staff: number;
  portal_users: number;
  created_at: string;
}

const NAME_KEY = 'companies_name_key';

/**
 * Module names as stored (wealth, summary, applications, links, custom_css, portals); others refused, and
 * so is none at all: a company without a module has nothing to show its staff.
 */
export function parseModules(names: readonly string[]): Module[] {
  const trimmed = names.map((name) => name.trim()).filter((name) => name.length > 0);
  const unknown = trimmed.filter((name) => !isModule(name));
  if (unknown.length > 0) {
    throw new AppError('ValidationError', `Unknown module ${unknown.join(', ')}: use ${MODULES.join(', ')}`);
  }
  if (trimmed.length === 0) {
    throw new AppError(
      'ValidationError',
      `A company needs at least one module (a company without one can do nothing in the portal): use ${MODULES.join(', ')}`,
    );
  }
  return MODULES.filter((module) => trimmed.includes(module));
}

/**
 * Trimmed, as the sign-in form trims what staff type; only visible characters and the plain space
 * (COMPANY_NAME_CHARACTERS), so admins can type it and two companies never look alike; a run of spaces
 * is one (a page shows it as one).
 */
function validName(name: string): string {
  // Plain spaces only: a tab or line break is refused below, not folded away.
  const trimmed = name.trim().replace(/ {2,}/g, ' ');
  if (trimmed.length === 0 || trimmed.length > LIMITS.companyName.max) {
    throw new AppError('ValidationError', `A company name has 1 to ${LIMITS.companyName.max} characters`);
  }
  const character = findInvalidCharacter(trimmed, COMPANY_NAME_CHARACTERS);
  if (character !== null) {
    throw new AppError(
      'ValidationError',
      `A company name cannot contain ${readableCharacter(character)}: use visible characters and plain spaces`,
    );
  }
  return trimmed;
}

export async function createCompany(
  deps: CompanyDeps,
  input: { name: string; modules: readonly string[]; language?: LocaleCode },
): Promise<CompanySummary> {
  const name = validName(input.name);
  const modules = parseModules(input.modules);
  const language = input.language ?? DEFAULT_LOCALE;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('companies')
        .values({ name, modules, language, created_at: deps.clock() })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The operator's event goes into the new company's own log, with the rest of its history.
      noteAudit({ companyId: created.id });
    });
  } catch (error) {
    if (isUniqueViolation(error, NAME_KEY)) {
      throw new AppError('DuplicatedName', `A company named "${name}" already exists`);
    }
    throw error;
  }
  return requireCompanySummary(deps.db, name);
}

export async function listCompanies(deps: Pick<CompanyDeps, 'db'>): Promise<CompanySummary[]> {
  const rows = await selectSummaries(deps.db).orderBy(sql`lower(companies.name)`).execute();
  return rows.map(toSummary);
}

/** The company's id by its name (any case, a run of spaces as one); NotFound otherwise. */
export async function findCompanyId(db: Db, name: string): Promise<string> {
  const row = await db
    .selectFrom('companies')
    .select('id')
    .where(sql<boolean>`lower(companies.name) = ${toCompanyNameKey(name)}`)
    .executeTakeFirst();
  if (!row) throw new AppError('NotFound', `No company named "${collapseSpaces(name)}"`);
  return row.id;
}

/**
 * Replaces the company's modules. A staff user's permissions outside them stop counting at once (the
 * guard reads both on every call) and count again if the module comes back.
 */
export async function setCompanyModules(
  deps: CompanyDeps,
  input: { company: string; modules: readonly string[] },
): Promise<CompanySummary> {
  const modules = parseModules(input.modules);
  return deps.db.transaction().execute(async (trx) => {
    const id = await findCompanyId(trx, input.company);
    const before = await lockCompanyRow(trx, id);
    noteAudit({ previous: { modules: before.modules }, next: { modules } });
    await trx.updateTable('companies').set({ modules }).where('id', '=', id).execute();
    return requireCompanySummary(trx, input.company);
  });
}

/** The language holders' mails fall back to (admins change it on the Team page too). */
export async function setCompanyLanguage(
  deps: CompanyDeps,
  input: { company: string; language: LocaleCode },
): Promise<CompanySummary> {
  return deps.db.transaction().execute(async (trx) => {
    const id = await findCompanyId(trx, input.company);
    const before = await lockCompanyRow(trx, id);
    noteAudit({ previous: { language: before.language } });
    await trx.updateTable('companies').set({ language: input.language }).where('id', '=', id).execute();
    return requireCompanySummary(trx, input.company);
  });
}

/**
 * Off everywhere at once: every session of its staff and portal users ends now, and every other door
 * (data-API tokens and credentials, Links, connect pages, refreshes) reads `disabled_at` on its next
 * request or run. Nothing is deleted, so enabling it brings back what it had.
 */
export async function disableCompany(deps: CompanyDeps, input: { company: string }): Promise<CompanySummary> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const id = await findCompanyId(trx, input.company);
    await trx
      .updateTable('companies')
      .set({ disabled_at: now })
      .where('id', '=', id)
      .where('disabled_at', 'is', null)
      .execute();
    await trx
      .updateTable('sessions')
      .set({ ended_at: now })
      .where('company_id', '=', id)
      .where('ended_at', 'is', null)
      .execute();
    return requireCompanySummary(trx, input.company);
  });
}

export async function enableCompany(deps: CompanyDeps, input: { company: string }): Promise<CompanySummary> {
  return deps.db.transaction().execute(async (trx) => {
    const id = await findCompanyId(trx, input.company);
    await trx.updateTable('companies').set({ disabled_at: null }).where('id', '=', id).execute();
    return requireCompanySummary(trx, input.company);
  });
}

/** The company's row, locked until the transaction ends: what an audited change replaces. */
function lockCompanyRow(trx: Db, id: string) {
  return trx
    .selectFrom('companies')
    .select(['modules', 'language'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

function selectSummaries(db: Db) {
  return db
    .selectFrom('companies')
    .select([
      'companies.name',
      'companies.modules',
      'companies.language',
      'companies.disabled_at',
      'companies.created_at',
    ])
    .select(
      sql<number>`(select count(*)::int from users u where u.company_id = companies.id and u.kind = 'staff')`.as(
        'staff',
      ),
    )
    .select(
      sql<number>`(select count(*)::int from users u where u.company_id = companies.id and u.kind = 'portal')`.as(
        'portal_users',
      ),
    );
}

async function requireCompanySummary(db: Db, name: string): Promise<CompanySummary> {
  const row = await selectSummaries(db)
    .where(sql<boolean>`lower(companies.name) = ${toCompanyNameKey(name)}`)
    .executeTakeFirst();
  if (!row) throw new AppError('NotFound', `No company named "${collapseSpaces(name)}"`);
  return toSummary(row);
}

function toSummary(row: {
  name: string;
  modules: string[];
  language: string;
  disabled_at: Date | null;
  created_at: Date;
  staff: number;
  portal_users: number;
}): CompanySummary {
  return {
    name: row.name,
    modules: MODULES.filter((module) => row.modules.includes(module)),
    language: isLocaleCode(row.language) ? row.language : DEFAULT_LOCALE,
    state: row.disabled_at ? 'disabled' : 'active',
    staff: Number(row.staff),
    portal_users: Number(row.portal_users),
    created_at: row.created_at.toISOString(),
  };
}
