import {
  CONSENT_EXPIRING_WITHIN_DAYS,
  CREDENTIAL_PAGE_SIZE,
  CREDENTIAL_UPDATING_MAX_MS,
  type CredentialInformation,
  type CredentialSort,
  type connections,
  deriveConsent,
  type ParsedRequestOf,
} from '@caudal/contract';
import { type Expression, type ExpressionBuilder, type Insertable, type SqlBool, sql } from 'kysely';
import { CompiledShapes } from '../../db/compiled-shapes';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/in-transaction';
import type { CredentialsRow, CredentialsTable, Database } from '../../db/schema';
import { noteAudit } from '../../shared/audit/audit-scope';
import type { Actor } from '../../shared/auth/actor';
import {
  clientScopeParametersOf,
  clientScopeShapeOf,
  whereInClientScope,
} from '../../shared/auth/client-scope';
import { emitEvent } from '../../shared/events/emit-event';
import { isUuid } from '../../shared/secure-tokens';
import { escapeLike } from '../../shared/sql/escape-like';

/** A refresh queued longer ago than this is taken as lost: the credential no longer shows as updating. */
const UPDATING_FOR_AT_MOST_MS = CREDENTIAL_UPDATING_MAX_MS;

/**
 * The credential scope (shared/auth/client-scope.ts on the credential's client): unassigned credentials
 * are staff-only.
 */
export function whereCredentialVisible(actor: Actor) {
  return (eb: ExpressionBuilder<Database, 'credentials'>): Expression<SqlBool> =>
    whereInClientScope(actor, eb, {
      company: eb.ref('credentials.company_id'),
      client: eb.ref('credentials.client_id'),
    });
}

/**
 * A product of a visible credential is shown only if the product itself is in scope: staff may have
 * moved it to another client, or it may be unmatched (staff-only) while the credential is the client's.
 */
export function whereProductVisible(actor: Actor) {
  return (eb: ExpressionBuilder<Database, 'products'>): Expression<SqlBool> =>
    whereInClientScope(actor, eb, {
      company: eb.ref('products.company_id'),
      client: eb.ref('products.client_id'),
    });
}

/** A holder is shown to staff always, to a portal user only if linked to a product they may see. */
export function whereHolderVisible(actor: Actor) {
  return (eb: ExpressionBuilder<Database, 'holders'>): Expression<SqlBool> => {
    if (actor.clientIds === null) return eb('holders.company_id', '=', actor.companyId);
    return eb.exists(
      eb
        .selectFrom('product_holders')
        .innerJoin('products', 'products.id', 'product_holders.product_id')
        .whereRef('product_holders.holder_id', '=', 'holders.id')
        .where(whereProductVisible(actor))
        .select(sql`1`.as('one')),
    );
  };
}

export type CredentialStatusRow = Pick<
  CredentialsRow,
  'last_success_at' | 'last_update' | 'blocked' | 'sca_token' | 'error' | 'refresh_requested_at'
>;

/** Column to contract: last_success_at is status.last_update, last_update (last attempt) is status.time. */
export function toCredentialStatus(row: CredentialStatusRow, now: Date): CredentialInformation['status'] {
  return {
    last_update: row.last_success_at ? row.last_success_at.toISOString() : null,
    time: row.last_update ? row.last_update.toISOString() : null,
    blocked: row.blocked,
    sca_token: row.sca_token,
    error: row.error,
    updating:
      row.refresh_requested_at !== null &&
      now.getTime() - row.refresh_requested_at.getTime() < UPDATING_FOR_AT_MOST_MS,
  };
}

/** The columns of one credential's answer, on `credentials` left-joined to its client. */
const INFORMATION_COLUMNS = [
  'credentials.id',
  'credentials.token',
  'credentials.entity_id',
  'credentials.client_id',
  'clients.name as client_name',
  'credentials.last_success_at',
  'credentials.last_update',
  'credentials.blocked',
  'credentials.sca_token',
  'credentials.error',
  'credentials.refresh_requested_at',
  'credentials.created_at',
  'credentials.consent_expires_at',
] as const;

/** How many of the credential's products the actor may see. */
function productsCount(actor: Actor) {
  return (eb: ExpressionBuilder<Database, 'credentials'>) =>
    eb
      .selectFrom('products')
      .whereRef('products.credentials_id', '=', 'credentials.id')
      .where(whereProductVisible(actor))
      .select((inner) => inner.fn.countAll<string>().as('count'))
      .as('products_count');
}

function selectInformation(db: Db, actor: Actor) {
  return db
    .selectFrom('credentials')
    .leftJoin('clients', 'clients.id', 'credentials.client_id')
    .where(whereCredentialVisible(actor))
    .select(INFORMATION_COLUMNS)
    .select(productsCount(actor));
}

type InformationRow = Awaited<ReturnType<ReturnType<typeof selectInformation>['executeTakeFirstOrThrow']>>;

function toInformation(row: InformationRow, now: Date): CredentialInformation {
  const consent = deriveConsent(row.consent_expires_at, now);
  return {
    credentials_token: row.token,
    bank: row.entity_id,
    status: toCredentialStatus(row, now),
    client_id: row.client_id,
    client_name: row.client_name,
    products_count: Number(row.products_count ?? 0),
    created_at: row.created_at.toISOString(),
    consent_expires_at: row.consent_expires_at.toISOString(),
    consent_days_left: consent.daysLeft,
    consent_state: consent.state,
  };
}

/** The end dates of the "expiring" window: after now, at most CONSENT_EXPIRING_WITHIN_DAYS ahead. */
export function consentExpiringBefore(now: Date): Date {
  return new Date(now.getTime() + CONSENT_EXPIRING_WITHIN_DAYS * 86_400_000);
}

/** The list call's parsed body (every field optional: the data API, the bench and tests pass part of it). */
export type CredentialQuery = Partial<
  NonNullable<ParsedRequestOf<typeof connections.getCredentialsInformation>>
>;

/**
 * What a credential is found by: the token, its client's name or alias (clients.search_text), or one of
 * its holders' name, document or email (holders_search_trgm_idx, migration 0036). Each side is an
 * uncorrelated IN over the company's matches, which PostgreSQL runs once as a hashed subplan instead of
 * probing once per credential. A portal user finds only through the holders they may see.
 */
function whereSearchMatches(actor: Actor, likePattern: string) {
  const pattern = sql<string>`lower(${likePattern})`;
  return (eb: ExpressionBuilder<Database, 'credentials'>): Expression<SqlBool> =>
    eb.or([
      eb(sql`lower(credentials.token)`, 'like', pattern),
      eb(
        'credentials.client_id',
        'in',
        eb
          .selectFrom('clients')
          .select('clients.id')
          .where('clients.company_id', '=', actor.companyId)
          .where('clients.search_text', 'like', pattern),
      ),
      eb(
        'credentials.id',
        'in',
        eb
          .selectFrom('holders')
          .select('holders.credentials_id')
          .where('holders.company_id', '=', actor.companyId)
          .where(HOLDER_SEARCH_TEXT, 'like', pattern)
          .where(whereHolderVisible(actor)),
      ),
    ]);
}

/** The expression of holders_search_trgm_idx (migration 0036): written once, so the index serves it. */
const HOLDER_SEARCH_TEXT = sql<string>`lower(holders.name || ' ' || coalesce(holders.document, '') || ' ' || coalesce(holders.email, ''))`;

/**
 * Each order is served by its index on (company_id, entity_id, key, id) (migration 0036) once the list is
 * one institution's. A credential never updated counts as the oldest update.
 */
function sortKey(sort: CredentialSort) {
  if (sort === 'last_update')
    return sql<Date>`coalesce(credentials.last_success_at, '-infinity'::timestamptz)`;
  if (sort === 'consent') return sql<Date>`credentials.consent_expires_at`;
  return sql<Date>`credentials.created_at`;
}

/**
 * The visible credentials the query asks for and the number of matches. With `page`, one page cut in the
 * database and counted beside it (two statements sharing one WHERE); without, the whole filtered list (the
 * spec's call with an empty body, a client's page, the data API), counted from itself.
 */
export async function listCredentialInformation(
  db: Db,
  actor: Actor,
  now: Date,
  query: CredentialQuery = {},
): Promise<{ items: CredentialInformation[]; total: number }> {
  const pageSize = query.page === undefined ? null : (query.page_size ?? CREDENTIAL_PAGE_SIZE.default);
  const list: CredentialList = {
    actor,
    bank: query.bank || null,
    // Not a uuid: no credential can be that client's (and the uuid column must not be compared to it).
    clientId: query.client_id === undefined ? undefined : isUuid(query.client_id) ? query.client_id : null,
    consent: query.consent ?? null,
    now,
    expiringBefore: consentExpiringBefore(now),
    pattern: query.search ? `%${escapeLike(query.search)}%` : null,
    // A consent filter is a to-do list: the soonest end first, unless another order is asked for.
    sort: query.sort ?? (query.consent ? 'consent' : 'created_at'),
    order: query.order ?? 'asc',
    pageSize,
    offset: query.page === undefined || pageSize === null ? 0 : (query.page - 1) * pageSize,
  };
  if (pageSize === null) {
    const { rows } = await db.executeQuery(credentialRows.compile<InformationRow>(db, list));
    return { items: rows.map((row) => toInformation(row, now)), total: rows.length };
  }
  const [{ rows }, count] = await Promise.all([
    db.executeQuery(credentialRows.compile<InformationRow>(db, list)),
    db.executeQuery(credentialCount.compile<{ total: number }>(db, list)),
  ]);
  return {
    items: rows.map((row) => toInformation(row, now)),
    total: Number(count.rows[0]?.total ?? 0),
  };
}

interface CredentialList {
  actor: Actor;
  bank: string | null;
  /** undefined: any client; null: a client id that is not a uuid (matches nothing). */
  clientId: string | null | undefined;
  consent: NonNullable<CredentialQuery['consent']> | null;
  now: Date;
  /** consentExpiringBefore(now), made once: the same value in the statement and its parameter list. */
  expiringBefore: Date;
  /** The search as a LIKE pattern, or null. */
  pattern: string | null;
  sort: CredentialSort;
  order: 'asc' | 'desc';
  /** Null: every match, unpaged. */
  pageSize: number | null;
  offset: number;
}

/** What changes the SQL of a credential page or its count: scope, filters present, sort, paging. */
function credentialShapeOf(list: CredentialList): string {
  const { actor, bank, clientId, consent, pattern, sort, order, pageSize } = list;
  const client = clientId === undefined ? 'any' : clientId === null ? 'none' : 'one';
  return [
    clientScopeShapeOf(actor),
    bank !== null,
    client,
    consent,
    pattern !== null,
    sort,
    order,
    pageSize !== null,
  ].join();
}

function credentialMatches(list: CredentialList) {
  const { actor, bank, clientId, consent, now, expiringBefore, pattern } = list;
  return (eb: ExpressionBuilder<Database, 'credentials'>): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [whereCredentialVisible(actor)(eb)];
    if (bank !== null) conditions.push(eb('credentials.entity_id', '=', bank));
    if (clientId !== undefined)
      conditions.push(clientId === null ? sql<SqlBool>`false` : eb('credentials.client_id', '=', clientId));
    // On credentials_consent_expiry_idx (company, end date).
    if (consent === 'expired') conditions.push(eb('credentials.consent_expires_at', '<=', now));
    if (consent === 'expiring') {
      conditions.push(eb('credentials.consent_expires_at', '>', now));
      conditions.push(eb('credentials.consent_expires_at', '<=', expiringBefore));
    }
    if (pattern !== null) conditions.push(whereSearchMatches(actor, pattern)(eb));
    return eb.and(conditions);
  };
}

/** The parameters of `credentialMatches`, in the order it compiles them. */
function credentialMatchParameters(list: CredentialList): unknown[] {
  const { actor, bank, clientId, consent, now, expiringBefore, pattern } = list;
  return [
    ...clientScopeParametersOf(actor),
    ...(bank !== null ? [bank] : []),
    ...(clientId ? [clientId] : []),
    ...(consent === 'expired' ? [now] : []),
    ...(consent === 'expiring' ? [now, expiringBefore] : []),
    ...(pattern !== null
      ? [pattern, actor.companyId, pattern, actor.companyId, pattern, ...clientScopeParametersOf(actor)]
      : []),
  ];
}

/**
 * As the client list does: the page is cut on the sort index first (id and key only), and only its rows
 * are then read in full, joined to their client and given a product count. Compiled once per shape
 * (db/compiled-shapes.ts): building this statement and its count was the largest share of the call's
 * own CPU after the socket writes (bench/README.md, decision 0054).
 */
const credentialRows = new CompiledShapes<CredentialList>({
  shapeOf: credentialShapeOf,
  build: (db, list) => {
    const keys = db
      .selectFrom('credentials')
      .select(['credentials.id', sortKey(list.sort).as('sort_key')])
      .where(credentialMatches(list))
      .orderBy(sortKey(list.sort), list.order)
      .orderBy('credentials.id', list.order)
      .$if(list.pageSize !== null, (qb) => qb.limit(list.pageSize ?? 0).offset(list.offset));
    return db
      .selectFrom(keys.as('k'))
      .innerJoin('credentials', 'credentials.id', 'k.id')
      .leftJoin('clients', 'clients.id', 'credentials.client_id')
      .select(INFORMATION_COLUMNS)
      .select(productsCount(list.actor))
      .orderBy('k.sort_key', list.order)
      .orderBy('k.id', list.order);
  },
  // The product count sits in the select list, so its scope comes before the page's WHERE.
  parametersOf: (list) => [
    ...clientScopeParametersOf(list.actor),
    ...credentialMatchParameters(list),
    ...(list.pageSize === null ? [] : [list.pageSize, list.offset]),
  ],
});

const credentialCount = new CompiledShapes<CredentialList>({
  shapeOf: credentialShapeOf,
  build: (db, list) =>
    db
      .selectFrom('credentials')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(credentialMatches(list)),
  parametersOf: credentialMatchParameters,
});

export async function findCredentialInformation(db: Db, actor: Actor, token: string, now: Date) {
  const row = await selectInformation(db, actor).where('credentials.token', '=', token).executeTakeFirst();
  return row ? toInformation(row, now) : undefined;
}

/**
 * The credential a call acts on, if the actor may see it. It names its client in the call's audit event
 * too, so the client's history lists what was done to its credentials.
 */
export async function findVisibleCredential(db: Db, actor: Actor, token: string) {
  const credential = await db
    .selectFrom('credentials')
    .where(whereCredentialVisible(actor))
    .where('credentials.token', '=', token)
    .selectAll('credentials')
    .executeTakeFirst();
  noteAudit({ targets: { client: credential?.client_id } });
  return credential;
}

/** A credential of the company by id (what a connect token points at): no actor scope, the token is it. */
export async function findCompanyCredential(db: Db, companyId: string, credentialsId: string) {
  return db
    .selectFrom('credentials')
    .selectAll()
    .where('id', '=', credentialsId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

export async function insertCredential(trx: Db, values: Insertable<CredentialsTable>) {
  return trx
    .insertInto('credentials')
    .values(values)
    .returning(['id', 'token', 'company_id', 'client_id'])
    .executeTakeFirstOrThrow();
}

export async function listCredentialIdentities(db: Db, actor: Actor, tokens: readonly string[]) {
  const rows = await db
    .selectFrom('credentials')
    .leftJoin('holders', (join) =>
      join.onRef('holders.credentials_id', '=', 'credentials.id').on(whereHolderVisible(actor)),
    )
    .where(whereCredentialVisible(actor))
    .where('credentials.token', 'in', [...new Set(tokens)])
    .select([
      'credentials.token',
      'holders.id as holder_id',
      'holders.name',
      'holders.document',
      'holders.email',
    ])
    .orderBy('credentials.token')
    .orderBy(sql`holders.name collate caudal_es`)
    .orderBy('holders.id')
    .execute();
  const byToken = new Map<
    string,
    { id: string; name: string; document: string | null; email: string | null }[]
  >();
  for (const row of rows) {
    const holders = byToken.get(row.token) ?? [];
    byToken.set(row.token, holders);
    if (row.holder_id && row.name !== null) {
      holders.push({ id: row.holder_id, name: row.name, document: row.document, email: row.email });
    }
  }
  // In the order asked, each once; tokens of other companies are simply absent.
  return [...new Set(tokens)].flatMap((token) => {
    const holders = byToken.get(token);
    return holders ? [{ credentials_token: token, holders }] : [];
  });
}

/** Who holds which product of a (visible) credential: only the products the actor may see. */
export async function listProductHolders(db: Db, actor: Actor, credentialsId: string) {
  const rows = await db
    .selectFrom('product_holders')
    .innerJoin('products', 'products.id', 'product_holders.product_id')
    .innerJoin('holders', 'holders.id', 'product_holders.holder_id')
    .where('products.credentials_id', '=', credentialsId)
    .where('holders.credentials_id', '=', credentialsId)
    .where(whereProductVisible(actor))
    .select([
      'holders.name as holder',
      'holders.document as holder_document',
      'products.name as product',
      'products.id as product_id',
      'products.kind as product_kind',
      'product_holders.relation',
    ])
    .orderBy(sql`holders.name collate caudal_es`)
    .orderBy('products.kind')
    .orderBy('products.name')
    .orderBy('products.id')
    .execute();
  return rows;
}

/** Deletes a visible credential; its holders, products and their movements go with it. */
export async function deleteCredential(db: Db, actor: Actor, token: string, now: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const deleted = await trx
      .deleteFrom('credentials')
      .where(whereCredentialVisible(actor))
      .where('credentials.token', '=', token)
      .returning(['id', 'token', 'entity_id', 'company_id', 'client_id'])
      .executeTakeFirst();
    if (!deleted) return false;
    noteAudit({ targets: { client: deleted.client_id } });
    await emitEvent(
      trx,
      {
        companyId: deleted.company_id,
        type: 'credentials.deleted',
        data: { credentials_token: deleted.token, bank: deleted.entity_id },
      },
      now,
    );
    return true;
  });
}

export async function markRefreshRequested(db: Db, credentialsIds: readonly string[], now: Date) {
  if (credentialsIds.length === 0) return;
  await db
    .updateTable('credentials')
    .set({ refresh_requested_at: now })
    .where('id', 'in', [...credentialsIds])
    .execute();
}

/** Takes back this request's marker only (a later request's marker stays). */
export async function unmarkRefreshRequested(db: Db, credentialsId: string, requestedAt: Date) {
  await db
    .updateTable('credentials')
    .set({ refresh_requested_at: null })
    .where('id', '=', credentialsId)
    .where('refresh_requested_at', '=', requestedAt)
    .execute();
}

/** The titular's name as stored: a deterministic sandbox refresh keeps it. */
export async function findTitularName(db: Db, credentialsId: string): Promise<string | null> {
  const row = await db
    .selectFrom('holders')
    .innerJoin('product_holders', 'product_holders.holder_id', 'holders.id')
    .where('holders.credentials_id', '=', credentialsId)
    .where('product_holders.relation', '=', 'titular')
    .select('holders.name')
    .orderBy('holders.id')
    .limit(1)
    .executeTakeFirst();
  return row?.name ?? null;
}
