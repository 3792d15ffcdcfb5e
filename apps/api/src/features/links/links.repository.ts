import {
  DEFAULT_LINK_REDIRECT_URI,
  LINK_PAGE_SIZE,
  type Link,
  type links,
  type ParsedRequestOf,
} from '@caudal/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { noteAudit } from '../../shared/audit/audit-scope';
import { randomToken } from '../../shared/secure-tokens';
import { escapeLike } from '../../shared/sql/escape-like';

/** The database's unique index on (company_id, lower(name)): the one arbiter of duplicate names. */
const NAME_KEY = 'links_company_name_key';

export interface LinkFields {
  name: string;
  redirectUri: string | null | undefined;
  termsUrl: string | null | undefined;
  privacyUrl: string | null | undefined;
}

/** The list call's parsed body (every field optional: the data API and tests pass part of it). */
export type LinkQuery = Partial<NonNullable<ParsedRequestOf<typeof links.listLinks>>>;

/** The public URL of a Link: language-neutral, the portal picks the visitor's language. */
export function linkUrl(config: Config, token: string): string {
  return `${config.linkBaseUrl}/link/${encodeURIComponent(token)}`;
}

/** Unspent, unexpired codes: what `pending_code_count` counts (served by link_codes_pending_idx). */
function pendingCount(now: Date) {
  return sql<number>`(select count(*)::int from link_codes c where c.link_id = links.id and c.spent_at is null and c.expires_at > ${now})`;
}

function selectLinks(db: Db, now: Date) {
  return db
    .selectFrom('links')
    .innerJoin('companies', 'companies.id', 'links.company_id')
    .select([
      'links.id',
      'links.name',
      'links.token',
      'links.redirect_uri',
      'links.terms_and_conditions_url',
      'links.privacy_policy_url',
      'links.active',
      'links.created_at',
      'companies.name as company_name',
    ])
    .select(pendingCount(now).as('pending_code_count'));
}

type LinkRow = Awaited<ReturnType<ReturnType<typeof selectLinks>['executeTakeFirstOrThrow']>>;

function toLink(config: Config, row: LinkRow): Link {
  return {
    name: row.name,
    token: row.token,
    url: linkUrl(config, row.token),
    redirect_uri: row.redirect_uri,
    pending_code_count: row.pending_code_count,
    company_name: row.company_name,
    terms_and_conditions_url: row.terms_and_conditions_url,
    privacy_policy_url: row.privacy_policy_url,
    active: row.active,
    created_at: row.created_at.toISOString(),
  };
}

/** One page of the company's Links by name, and the number of matches. Without `page`, all of them. */
export async function findLinks(
  db: Db,
  config: Config,
  companyId: string,
  query: LinkQuery,
  now: Date,
): Promise<{ items: Link[]; total: number }> {
  const pattern = query.search ? `%${escapeLike(query.search.toLowerCase())}%` : null;
  const matches = (eb: ExpressionBuilder<Database, 'links'>) =>
    eb.and([
      eb('links.company_id', '=', companyId),
      ...(pattern === null ? [] : [eb(sql<string>`lower(links.name)`, 'like', pattern)]),
      ...(query.status === undefined ? [] : [eb('links.active', '=', query.status === 'active')]),
    ]);
  const pageSize = query.page === undefined ? null : (query.page_size ?? LINK_PAGE_SIZE.default);
  const offset = query.page === undefined || pageSize === null ? 0 : (query.page - 1) * pageSize;
  const rowsQuery = selectLinks(db, now)
    .where(matches)
    .orderBy(sql`lower(links.name)`)
    .orderBy('links.id')
    .$if(pageSize !== null, (qb) => qb.limit(pageSize ?? 0).offset(offset));
  if (pageSize === null) {
    const rows = await rowsQuery.execute();
    return { items: rows.map((row) => toLink(config, row)), total: rows.length };
  }
  const [rows, count] = await Promise.all([
    rowsQuery.execute(),
    db
      .selectFrom('links')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(matches)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => toLink(config, row)), total: Number(count.total) };
}

export async function findLink(
  db: Db,
  config: Config,
  companyId: string,
  token: string,
  now: Date,
): Promise<Link | null> {
  const row = await selectLinks(db, now)
    .where('links.company_id', '=', companyId)
    .where('links.token', '=', token)
    .executeTakeFirst();
  return row ? toLink(config, row) : null;
}

/** A Link by its public token, whatever its company: the hosted page's lookup. */
export async function findPublicLink(db: Db, token: string) {
  return (
    db
      .selectFrom('links')
      .innerJoin('companies', 'companies.id', 'links.company_id')
      .selectAll('links')
      .select(['companies.name as company_name', 'companies.disabled_at as company_disabled_at'])
      .where('links.token', '=', token)
      // A company that lost the links module has no public Link: its URL is as gone as a deleted one's.
      .where(sql<boolean>`'links' = any(companies.modules)`)
      .executeTakeFirst()
  );
}
export type PublicLink = NonNullable<Awaited<ReturnType<typeof findPublicLink>>>;

export async function insertLink(
  db: Db,
  input: { companyId: string; createdBy: string | null; fields: LinkFields; now: Date },
): Promise<string> {
  // 144 random bits: the URL cannot be guessed from another one.
  const token = randomToken(18);
  await mapDuplicatedName(
    db
      .insertInto('links')
      .values({
        company_id: input.companyId,
        name: input.fields.name,
        token,
        redirect_uri: input.fields.redirectUri ?? DEFAULT_LINK_REDIRECT_URI,
        terms_and_conditions_url: input.fields.termsUrl ?? null,
        privacy_policy_url: input.fields.privacyUrl ?? null,
        created_by: input.createdBy,
        created_at: input.now,
        updated_at: input.now,
      })
      .execute(),
  );
  return token;
}

/** The fields a staff edit sets, as stored, locked for the rest of the transaction; null when no such Link. */
export async function lockLinkFields(db: Db, companyId: string, token: string) {
  const row = await db
    .selectFrom('links')
    .select(['name', 'redirect_uri', 'terms_and_conditions_url', 'privacy_policy_url'])
    .where('company_id', '=', companyId)
    .where('token', '=', token)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** False when the company has no Link with the token. Keeping its own name (in any case) is no conflict. */
export async function updateLink(
  db: Db,
  input: { companyId: string; token: string; fields: LinkFields; now: Date },
): Promise<boolean> {
  const result = await mapDuplicatedName(
    db
      .updateTable('links')
      .set({
        name: input.fields.name,
        redirect_uri: input.fields.redirectUri ?? DEFAULT_LINK_REDIRECT_URI,
        terms_and_conditions_url: input.fields.termsUrl ?? null,
        privacy_policy_url: input.fields.privacyUrl ?? null,
        updated_at: input.now,
      })
      .where('company_id', '=', input.companyId)
      .where('token', '=', input.token)
      .executeTakeFirst(),
  );
  return result.numUpdatedRows > 0n;
}

/**
 * Pause (active → paused) or resume (paused → active), one conditional UPDATE, so two staff racing get
 * one success and one refusal. A refusal says whether the Link is missing or already in that state.
 */
export async function setLinkActive(
  db: Db,
  input: { companyId: string; token: string; active: boolean; now: Date },
): Promise<void> {
  const result = await db
    .updateTable('links')
    .set({ active: input.active, updated_at: input.now })
    .where('company_id', '=', input.companyId)
    .where('token', '=', input.token)
    .where('active', '=', !input.active)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return;
  await assertLinkExists(db, input.companyId, input.token);
  throw input.active
    ? new AppError('LinkAlreadyActive', 'Only a paused Link can be resumed')
    : new AppError('LinkAlreadyPaused', 'Only an active Link can be paused');
}

/**
 * Deleted only while no code is pending. The Link row is locked first: a visitor's flow that is issuing
 * a code holds it share-locked (issueLinkCode), so the delete waits for that flow to commit, and the
 * pending check, a statement of its own that starts after the wait, sees the new code. Spent and expired
 * codes go with the Link (cascade), and so do the connect sessions its page opened.
 */
export function deleteLink(db: Db, input: { companyId: string; token: string; now: Date }) {
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .selectFrom('links')
      .select(['id', 'name'])
      .where('company_id', '=', input.companyId)
      .where('token', '=', input.token)
      .forUpdate()
      .executeTakeFirst();
    if (!link) throw new AppError('NotFound', 'No such Link');
    // What the Link was called, for the audit event that outlives it (its target keeps the token).
    noteAudit({ previous: { name: link.name } });
    const pending = await trx
      .selectFrom('link_codes')
      .select('code_hash')
      .where('link_id', '=', link.id)
      .where('spent_at', 'is', null)
      .where('expires_at', '>', input.now)
      .limit(1)
      .executeTakeFirst();
    if (pending) throw new AppError('LinkHasPendingCodes', 'The Link has pending codes');
    await trx.deleteFrom('links').where('id', '=', link.id).execute();
  });
}

async function assertLinkExists(db: Db, companyId: string, token: string): Promise<void> {
  const row = await db
    .selectFrom('links')
    .select('id')
    .where('company_id', '=', companyId)
    .where('token', '=', token)
    .executeTakeFirst();
  if (!row) throw new AppError('NotFound', 'No such Link');
}

/** Two concurrent writes of one name: the unique index lets one through and the other gets a 409. */
async function mapDuplicatedName<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, NAME_KEY)) {
      throw new AppError('DuplicatedName', 'The company already has a Link with that name');
    }
    throw error;
  }
}
