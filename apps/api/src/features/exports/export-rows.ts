import type { ExportType } from '@caudal/contract';
import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ExportRowValues } from './export-columns';
import { EXPORT_BATCH_ROWS } from './export-cursor';

/** Products per positions query on PGlite. */
const PRODUCT_BATCH = 200;

export interface ExportQuery {
  companyId: string;
  type: ExportType;
  clientIds: readonly string[];
  entityIds: readonly string[];
  dateFrom: string | null;
  dateTo: string | null;
}

/** The export's rows in batches, in file order; memory holds one batch. */
export type RowSource = AsyncIterable<ExportRowValues[]>;

/**
 * PostgreSQL: the export as one statement, which the export worker reads through a cursor on a
 * connection of its own.
 */
export function compileExportQuery(db: Db, query: ExportQuery): CompiledQuery {
  return (query.type === 'positions' ? positionsQuery(db, query) : transactionsQuery(db, query)).compile();
}

/** PGlite: the rows in keyset pages read in the API process, whose single connection they share. */
export function readEmbeddedRows(db: Db, query: ExportQuery): RowSource {
  return query.type === 'positions' ? readPositionBatches(db, query) : readTransactionPages(db, query);
}

const PRODUCT_FIELDS = [
  'c.name as client_name',
  'c.alias as client_alias',
  'e.name as entity',
  'p.kind as product_kind',
  'p.name as product',
  'p.iban',
  'p.currency',
] as const;

/** The chosen clients' products of the chosen entities, in file order (client, kind, product). */
type ProductKind = 'account' | 'portfolio' | 'liability';

function productsQuery(db: Db, query: ExportQuery, kinds: readonly ProductKind[]) {
  return db
    .selectFrom('clients as c')
    .innerJoin('products as p', 'p.client_id', 'c.id')
    .innerJoin('entities as e', 'e.id', 'p.entity_id')
    .where('c.company_id', '=', query.companyId)
    .where('p.company_id', '=', query.companyId)
    .where('c.id', 'in', [...query.clientIds])
    .where('p.entity_id', 'in', [...query.entityIds])
    .where('p.kind', 'in', [...kinds])
    .orderBy('c.name')
    .orderBy('c.id')
    .orderBy('p.kind')
    .orderBy('p.name')
    .orderBy('p.id');
}

const TRANSACTION_FIELDS = [
  sql<string>`to_char(t.operation_date, 'YYYY-MM-DD')`.as('operation_date'),
  sql<string | null>`to_char(t.value_date, 'YYYY-MM-DD')`.as('value_date'),
  't.description',
  sql<string>`t.amount::text`.as('amount'),
  sql<string | null>`t.balance::text`.as('balance'),
] as const;

/** Movements of accounts and liabilities, newest first within each product: one statement. */
function transactionsQuery(db: Db, query: ExportQuery) {
  return productsQuery(db, query, ['account', 'liability'])
    .innerJoin('product_transactions as t', 't.product_id', 'p.id')
    .select([...PRODUCT_FIELDS, ...TRANSACTION_FIELDS])
    .where('t.company_id', '=', query.companyId)
    .where(dateBounds(query))
    .orderBy('t.operation_date', 'desc')
    .orderBy('t.id', 'desc');
}

/** The date range on operation dates; open ends are no bound. */
function dateBounds(query: ExportQuery) {
  const from = query.dateFrom ? sql`t.operation_date >= ${query.dateFrom}::date` : sql`true`;
  const to = query.dateTo ? sql`t.operation_date <= ${query.dateTo}::date` : sql`true`;
  return sql<boolean>`(${from} and ${to})`;
}

const POSITION_FIELDS = [
  ...PRODUCT_FIELDS.filter((field) => field !== 'p.currency'),
  'i.name as investment',
  'i.isin',
  'i.type as investment_type',
  sql<string | null>`i.amount::text`.as('participations'),
  sql<string>`coalesce(i.balance, p.balance)::text`.as('balance'),
  sql<string>`coalesce(i.currency, p.currency)`.as('currency'),
] as const;

/** One row per account and liability, and per investment of each portfolio (or the portfolio if none). */
function positionsQuery(db: Db, query: ExportQuery, productIds?: readonly string[]) {
  return productsQuery(db, query, ['account', 'portfolio', 'liability'])
    .leftJoin('investments as i', 'i.portfolio_id', 'p.id')
    .select(POSITION_FIELDS)
    .$if(productIds !== undefined, (qb) => qb.where('p.id', 'in', [...(productIds ?? [])]))
    .orderBy('i.name')
    .orderBy('i.id');
}

/**
 * PGlite has one connection: a held cursor would block every request. Keyset pages instead, one
 * product at a time, giving the event loop (and the database mutex) back between pages.
 */
interface TransactionPageRow {
  id: string;
  operation_date: string;
  value_date: string | null;
  description: string;
  amount: string;
  balance: string | null;
}

async function* readTransactionPages(db: Db, query: ExportQuery): RowSource {
  const products = await productsQuery(db, query, ['account', 'liability'])
    .select(['p.id', ...PRODUCT_FIELDS])
    .execute();
  const counts = await countProductTransactions(
    db,
    query,
    products.map((product) => product.id),
  );
  // Most products hold a few hundred movements: one query per product made the demo's 67,587 rows
  // 217 queries and as many batches to the worker, each a round trip. Products that fit in a page
  // together are read together, in file order; a product bigger than a page is paged by keyset.
  for (const group of groupProducts(products, counts, EXPORT_BATCH_ROWS)) {
    if (group.length > 1 || (counts.get(group[0]?.id ?? '') ?? 0) <= EXPORT_BATCH_ROWS) {
      yield await readProductGroup(db, query, group);
      await yieldToEventLoop();
      continue;
    }
    const [product] = group;
    if (!product) continue;
    yield* readLargeProduct(db, query, product);
  }
}

type ProductRow = { id: string } & Record<string, string | null>;

/** Movements in range per product, from the keyset index: one statement for the whole export. */
async function countProductTransactions(db: Db, query: ExportQuery, productIds: readonly string[]) {
  const counts = new Map<string, number>();
  if (productIds.length === 0) return counts;
  const rows = await db
    .selectFrom('product_transactions as t')
    .select(['t.product_id', sql<number>`count(*)::int`.as('n')])
    .where('t.product_id', 'in', [...productIds])
    .where('t.company_id', '=', query.companyId)
    .where(dateBounds(query))
    .groupBy('t.product_id')
    .execute();
  for (const row of rows) counts.set(row.product_id, Number(row.n));
  return counts;
}

/** Consecutive products (file order) whose movements fit in `limit` rows; an empty product is skipped. */
export function groupProducts<T extends { id: string }>(
  products: readonly T[],
  counts: ReadonlyMap<string, number>,
  limit: number,
): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let rows = 0;
  for (const product of products) {
    const n = counts.get(product.id) ?? 0;
    if (n === 0) continue;
    if (current.length > 0 && rows + n > limit) {
      groups.push(current);
      current = [];
      rows = 0;
    }
    current.push(product);
    rows += n;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** Several small products' movements in one statement, product by product in file order. */
async function readProductGroup(db: Db, query: ExportQuery, group: readonly ProductRow[]) {
  const ids = group.map((product) => product.id);
  const rows = await db
    .selectFrom('product_transactions as t')
    .select([...TRANSACTION_FIELDS, 't.product_id'])
    .where('t.product_id', 'in', ids)
    .where('t.company_id', '=', query.companyId)
    .where(dateBounds(query))
    .orderBy(sql`array_position(${sql.val(ids)}::uuid[], t.product_id)`)
    .orderBy('t.operation_date', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
  const byId = new Map(group.map(({ id, ...values }) => [id, values]));
  return rows.map(({ product_id, ...row }) => ({ ...byId.get(product_id), ...row }) as ExportRowValues);
}

async function* readLargeProduct(db: Db, query: ExportQuery, product: ProductRow): RowSource {
  const { id: productId, ...productValues } = product;
  let after: { date: string; id: string } | null = null;
  for (;;) {
    const keyset: RawBuilder<boolean> = after
      ? sql<boolean>`(t.operation_date, t.id) < (${after.date}::date, ${after.id}::bigint)`
      : sql<boolean>`true`;
    const page: TransactionPageRow[] = await db
      .selectFrom('product_transactions as t')
      .select([...TRANSACTION_FIELDS, sql<string>`t.id::text`.as('id')])
      .where('t.product_id', '=', productId)
      .where('t.company_id', '=', query.companyId)
      .where(dateBounds(query))
      .where(keyset)
      .orderBy('t.operation_date', 'desc')
      .orderBy('t.id', 'desc')
      .limit(EXPORT_BATCH_ROWS)
      .execute();
    if (page.length > 0) {
      yield page.map(({ id: _id, ...row }) => ({ ...productValues, ...row }));
    }
    const last = page.at(-1);
    if (page.length < EXPORT_BATCH_ROWS || !last) break;
    after = { date: last.operation_date, id: last.id };
    await yieldToEventLoop();
  }
}

async function* readPositionBatches(db: Db, query: ExportQuery): RowSource {
  const products = await productsQuery(db, query, ['account', 'portfolio', 'liability'])
    .select('p.id')
    .execute();
  for (let start = 0; start < products.length; start += PRODUCT_BATCH) {
    const ids = products.slice(start, start + PRODUCT_BATCH).map((product) => product.id);
    const rows = await positionsQuery(db, query, ids).execute();
    if (rows.length > 0) yield rows as ExportRowValues[];
    await yieldToEventLoop();
  }
}

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * The export's rows, counted no further than `cap`: enough to tell a small export from a big one
 * without scanning (or sorting) a big one.
 */
export async function countExportRowsUpTo(db: Db, query: ExportQuery, cap: number): Promise<number> {
  const one = sql<number>`1`.as('one');
  const rows =
    query.type === 'positions'
      ? positionsQuery(db, query).clearSelect().clearOrderBy().select(one).limit(cap)
      : transactionsQuery(db, query).clearSelect().clearOrderBy().select(one).limit(cap);
  const counted = await db
    .selectFrom(rows.as('r'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}
