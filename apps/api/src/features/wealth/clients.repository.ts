import {
  CLIENT_PAGE_SIZE,
  type Client,
  type ParsedRequestOf,
  resolveEntityIds,
  type wealth,
} from '@caudal/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { CompiledShapes } from '../../db/compiled-shapes';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import type { Actor } from '../../shared/auth/actor';
import { clientScopeParametersOf, clientScopeShapeOf } from '../../shared/auth/client-scope';
import { isUuid } from '../../shared/secure-tokens';
import { escapeLike } from '../../shared/sql/escape-like';
import { whereClientVisible } from './client-scope';

/** The database's unique index on (company_id, lower(alias)): the one arbiter of duplicate aliases. */
const ALIAS_KEY = 'clients_company_alias_key';

/** The list call's parsed body (every field optional: the data API and tests pass part of it). */
export type ClientQuery = Partial<NonNullable<ParsedRequestOf<typeof wealth.clientList>>>;

interface ClientRowWithCount {
  id: string;
  name: string;
  alias: string;
  entity_ids: string[];
  created_at: Date;
  products_count: number;
}

/**
 * One page of the visible clients and the number of matches, in at most two queries that share one
 * WHERE. Without `page` the whole list is answered (and counted from it).
 */
export async function findClients(
  db: Db,
  actor: Actor,
  query: ClientQuery,
  listedEntityIds: ReadonlySet<string>,
): Promise<{ items: Client[]; total: number }> {
  const pageSize = query.page === undefined ? null : (query.page_size ?? CLIENT_PAGE_SIZE.default);
  const page: ClientPage = {
    actor,
    pattern: query.search ? `%${escapeLike(query.search)}%` : null,
    sort: query.sort ?? 'name',
    order: query.order ?? 'asc',
    pageSize,
    offset: query.page === undefined || pageSize === null ? 0 : (query.page - 1) * pageSize,
  };
  if (pageSize === null) {
    const { rows } = await db.executeQuery(clientRows.compile<ClientRow>(db, page));
    return { items: rows.map((row) => toClient(row, listedEntityIds)), total: rows.length };
  }
  const [{ rows }, count] = await Promise.all([
    db.executeQuery(clientRows.compile<ClientRow>(db, page)),
    db.executeQuery(clientCount.compile<{ total: number }>(db, page)),
  ]);
  return {
    items: rows.map((row) => toClient(row, listedEntityIds)),
    total: Number(count.rows[0]?.total ?? 0),
  };
}

interface ClientPage {
  actor: Actor;
  /** The search as a LIKE pattern, or null. */
  pattern: string | null;
  sort: NonNullable<ClientQuery['sort']>;
  order: 'asc' | 'desc';
  /** Null: every match, unpaged. */
  pageSize: number | null;
  offset: number;
}

type ClientRow = Parameters<typeof toClient>[0];

/** What changes the SQL of a client page or its count: the caller's scope, the search, the sort, the paging. */
function clientShapeOf({ actor, pattern, sort, order, pageSize }: ClientPage): string {
  return [clientScopeShapeOf(actor), pattern !== null, sort, order, pageSize !== null].join();
}

/** The search matches the stored folded name and alias (migration 0045): "lopez" finds López. */
function clientMatches({ actor, pattern }: ClientPage) {
  return (eb: ExpressionBuilder<Database, 'clients'>): Expression<SqlBool> =>
    pattern === null
      ? whereClientVisible(actor)(eb)
      : eb.and([
          whereClientVisible(actor)(eb),
          eb('clients.folded_search', 'like', sql<string>`fold_name(${pattern})`),
        ]);
}

/** The parameters of `clientMatches`, in the order it compiles them (client-scope.ts, then the search). */
function clientMatchParameters({ actor, pattern }: ClientPage): unknown[] {
  const scope = clientScopeParametersOf(actor);
  return pattern === null ? scope : [...scope, pattern];
}

/**
 * The page is cut first, on the sort index alone: only the id and the sort key are read, so a deep
 * page skips its OFFSET rows in an index-only scan instead of fetching each skipped row from the table
 * (page 200 of the large tenant: 5,000 rows fetched, ~5,000 buffers, before; ~70 buffers after,
 * bench/README.md). Only the page's rows are then read in full and get a product count. Compiled once per
 * shape (db/compiled-shapes.ts): building it was ~250 µs of a call's CPU with its count (decision 0051).
 */
const clientRows = new CompiledShapes<ClientPage>({
  shapeOf: clientShapeOf,
  build: (db, page) => {
    const keys = db
      .selectFrom('clients')
      .select(['clients.id', sortKey(page.sort).as('sort_key')])
      .where(clientMatches(page))
      .orderBy(sortKey(page.sort), page.order)
      .orderBy('clients.id', page.order)
      .$if(page.pageSize !== null, (qb) => qb.limit(page.pageSize ?? 0).offset(page.offset));
    return db
      .selectFrom(keys.as('k'))
      .innerJoin('clients as c', 'c.id', 'k.id')
      .select(['c.id', 'c.name', 'c.alias', 'c.entity_ids', 'c.created_at'])
      .select(
        sql<number>`(select count(*)::int from products p where p.client_id = c.id)`.as('products_count'),
      )
      .orderBy('k.sort_key', page.order)
      .orderBy('k.id', page.order);
  },
  parametersOf: (page) => [
    ...clientMatchParameters(page),
    ...(page.pageSize === null ? [] : [page.pageSize, page.offset]),
  ],
});

/**
 * The number of matches. The staff's unsearched list matches every client of the company: that number
 * is kept by the clients' triggers (`client_totals`, migration 0043), one row instead of a count of the
 * company's clients on every page (decision 0060).
 */
const clientCount = new CompiledShapes<ClientPage>({
  shapeOf: clientShapeOf,
  build: (db, page) =>
    page.actor.clientIds === null && page.pattern === null
      ? db
          .selectFrom('client_totals')
          .select(sql<number>`coalesce(sum(client_totals.total), 0)`.as('total'))
          .where('client_totals.company_id', '=', page.actor.companyId)
      : db
          .selectFrom('clients')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where(clientMatches(page)),
  parametersOf: clientMatchParameters,
});

/**
 * Each sort is served by its index: (company_id, name collate caudal_es, id), lower(alias),
 * (created_at, id). Names sort in Spanish order (migration 0006): accents and case aside, ñ after n.
 */
function sortKey(sort: NonNullable<ClientQuery['sort']>) {
  if (sort === 'alias') return sql<string>`lower(clients.alias)`;
  if (sort === 'created_at') return sql<string>`clients.created_at`;
  return sql<string>`(clients.name collate caudal_es)`;
}

export async function findClient(
  db: Db,
  actor: Actor,
  clientId: string,
  listedEntityIds: ReadonlySet<string>,
): Promise<Client | null> {
  if (!isUuid(clientId)) return null;
  const row = await selectVisibleClient(db, actor, clientId, false);
  return row ? toClient(row, listedEntityIds) : null;
}

/** True when the client exists and the actor may see it: the check before anything under a client. */
export async function isClientVisible(db: Db, actor: Actor, clientId: string): Promise<boolean> {
  if (!isUuid(clientId)) return false;
  const row = await db
    .selectFrom('clients')
    .select('clients.id')
    .where('clients.id', '=', clientId)
    .where(whereClientVisible(actor))
    .executeTakeFirst();
  return row !== undefined;
}

export interface ClientFields {
  name: string;
  alias: string;
  entityIds: string[];
}

export async function insertClient(db: Db, actor: Actor, fields: ClientFields, now: Date) {
  return mapDuplicatedAlias(
    db
      .insertInto('clients')
      .values({
        company_id: actor.companyId,
        name: fields.name,
        alias: fields.alias,
        entity_ids: fields.entityIds,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
}

/** A client's recorded fields before an edit (the audit event's old values). */
export interface PriorClientFields {
  name: string;
  alias: string;
  entity_ids: string[];
}

/** Compare-and-set attempts before an edit takes the row lock instead (only under a storm of edits). */
const UNLOCKED_EDIT_ATTEMPTS = 3;

/**
 * Edits a visible client; answers it as edited and the values the edit replaced (the audit event's old
 * values), or null when no visible client has the id. Keeping its own alias (in any case) is no conflict.
 *
 * The row is read once, for the answer and the old values alike, and the update applies only where the
 * row still holds what was read: a concurrent edit in between makes it miss, and the read is taken
 * again. So the old values are exactly the ones replaced, with no row lock and no statement beyond
 * the read and the update; after a few misses the read locks the row, which cannot miss.
 */
export async function editClient(
  db: Db,
  actor: Actor,
  clientId: string,
  fields: ClientFields,
  now: Date,
  listedEntityIds: ReadonlySet<string>,
  options: { expected?: wealth.ClientSnapshot; unlockedAttempts?: number } = {},
): Promise<{ client: Client; prior: PriorClientFields } | null> {
  if (!isUuid(clientId)) return null;
  const unlockedAttempts = options.unlockedAttempts ?? UNLOCKED_EDIT_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    const isLocking = attempt > unlockedAttempts;
    const row = await selectVisibleClient(db, actor, clientId, isLocking);
    if (!row) return null;
    // Checked on what the update compares against: a change that lands between this read and the
    // update fails the compare-and-set, and the next attempt reads it and refuses.
    if (options.expected && !isClientAsExpected(row, options.expected, listedEntityIds)) {
      throw new AppError('Conflict', 'The client changed since the form loaded it');
    }
    const result = await mapDuplicatedAlias(
      db
        .updateTable('clients')
        .set({ name: fields.name, alias: fields.alias, entity_ids: fields.entityIds, updated_at: now })
        .where('clients.id', '=', clientId)
        .where(whereClientVisible(actor))
        .$if(!isLocking, (update) =>
          update
            .where('clients.name', '=', row.name)
            .where('clients.alias', '=', row.alias)
            .where('clients.entity_ids', '=', sql<string[]>`${row.entity_ids}::text[]`),
        )
        .executeTakeFirst(),
    );
    if (result.numUpdatedRows > 0n) {
      const edited = { ...row, name: fields.name, alias: fields.alias, entity_ids: fields.entityIds };
      return {
        client: toClient(edited, listedEntityIds),
        prior: { name: row.name, alias: row.alias, entity_ids: row.entity_ids },
      };
    }
  }
}

/** Whether the stored client reads as the form saw it (entities resolved as the answer resolves them). */
function isClientAsExpected(
  row: ClientRowWithCount,
  expected: wealth.ClientSnapshot,
  listedEntityIds: ReadonlySet<string>,
): boolean {
  const entities = resolveEntityIds(row.entity_ids, listedEntityIds);
  const wanted = new Set(expected.entities);
  return (
    row.name === expected.name &&
    row.alias === expected.alias &&
    entities.length === wanted.size &&
    entities.every((entity) => wanted.has(entity))
  );
}

function selectVisibleClient(
  db: Db,
  actor: Actor,
  clientId: string,
  isLocking: boolean,
): Promise<ClientRowWithCount | undefined> {
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'alias', 'entity_ids', 'created_at'])
    .select(
      sql<number>`(select count(*)::int from products p where p.client_id = clients.id)`.as('products_count'),
    )
    .where('clients.id', '=', clientId)
    .where(whereClientVisible(actor))
    .$if(isLocking, (select) => select.forUpdate('clients'))
    .executeTakeFirst();
}

/**
 * The client's products and credentials are kept: their foreign keys set client_id to null. Answers who
 * the deleted client was (its name and alias, for the audit log), or null when there was no such client.
 */
export async function deleteClient(
  db: Db,
  actor: Actor,
  clientId: string,
): Promise<{ name: string; alias: string } | null> {
  if (!isUuid(clientId)) return null;
  const deleted = await db
    .deleteFrom('clients')
    .where('clients.id', '=', clientId)
    .where(whereClientVisible(actor))
    .returning(['clients.name', 'clients.alias'])
    .executeTakeFirst();
  return deleted ?? null;
}

/** Two concurrent writes of one alias: the unique index lets one through and the other gets a 409. */
async function mapDuplicatedAlias<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, ALIAS_KEY)) {
      throw new AppError('DuplicatedAlias', 'The company already has a client with that alias');
    }
    throw error;
  }
}

/** Stored entity ids that left the catalogue since are not shown (spec 9). */
function toClient(row: ClientRowWithCount, listedEntityIds: ReadonlySet<string>): Client {
  return {
    id: row.id,
    name: row.name,
    alias: row.alias,
    entities: resolveEntityIds(row.entity_ids, listedEntityIds),
    created_at: row.created_at.toISOString(),
    products_count: row.products_count,
  };
}

/** Throws NotFound unless the actor may see the client: the gate before anything listed under one. */
export async function requireVisibleClient(db: Db, actor: Actor, clientId: string): Promise<void> {
  if (!(await isClientVisible(db, actor, clientId))) throw new AppError('NotFound', 'No such client');
}
