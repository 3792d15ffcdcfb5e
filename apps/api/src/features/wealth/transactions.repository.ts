import { type InvestmentTransaction, TRANSACTION_PAGE_SIZE, type Transaction } from '@caudal/contract';
import { sql } from 'kysely';
import { CompiledShapes } from '../../db/compiled-shapes';
import type { Db } from '../../db/database';
import type { Actor } from '../../shared/auth/actor';
import { encodeCursor, type TransactionCursor } from './transaction-cursor';

export interface TransactionPageQuery {
  cursor: TransactionCursor | null;
  limit?: number | undefined;
  date_from?: string | null | undefined;
  date_to?: string | null | undefined;
}

export interface TransactionPage<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * Newest first by (operation_date desc, id desc), read straight off the keyset index: the cursor is a
 * row comparison the index seeks to, so a deep page costs what the first does. One extra row tells
 * whether another page follows.
 */
export async function findProductTransactions(
  db: Db,
  actor: Actor,
  productId: string,
  query: TransactionPageQuery,
): Promise<TransactionPage<Transaction>> {
  const limit = query.limit ?? TRANSACTION_PAGE_SIZE.default;
  const page = { productId, companyId: actor.companyId, query, limit };
  const { rows } = await db.executeQuery(productPages.compile<Transaction>(db, page));
  return toPage(rows, limit);
}

interface ProductPage {
  productId: string;
  companyId: string;
  query: TransactionPageQuery;
  limit: number;
}

/** The busiest list of the portal (every account's movements): compiled once per shape (db/compiled-shapes.ts). */
const productPages = new CompiledShapes<ProductPage>({
  shapeOf: ({ query }) => windowShapeOf(query),
  build: (db, { productId, companyId, query, limit }) =>
    db
      .selectFrom('product_transactions as t')
      .select([
        sql<string>`t.id::text`.as('id'),
        sql<number>`t.amount::float8`.as('amount'),
        sql<number | null>`t.balance::float8`.as('balance'),
        't.description',
        sql<string>`to_char(t.operation_date, 'YYYY-MM-DD')`.as('operationDate'),
        sql<string | null>`to_char(t.value_date, 'YYYY-MM-DD')`.as('valueDate'),
      ])
      .where('t.product_id', '=', productId)
      .where('t.company_id', '=', companyId)
      .$if(Boolean(query.date_from), (qb) => qb.where('t.operation_date', '>=', query.date_from ?? ''))
      .$if(Boolean(query.date_to), (qb) => qb.where('t.operation_date', '<=', query.date_to ?? ''))
      .$if(query.cursor !== null, (qb) =>
        qb.where(
          sql<boolean>`(t.operation_date, t.id) < (${query.cursor?.operationDate}::date, ${query.cursor?.id}::bigint)`,
        ),
      )
      .orderBy('t.operation_date', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit + 1),
  parametersOf: ({ productId, companyId, query, limit }) => [
    productId,
    companyId,
    ...windowParametersOf(query, limit),
  ],
});

/** Every investment's movements in the portfolio, or one investment's (its own keyset index). */
export async function findPortfolioTransactions(
  db: Db,
  actor: Actor,
  ref: { portfolioId: string; investmentId: string | null },
  query: TransactionPageQuery,
): Promise<TransactionPage<InvestmentTransaction>> {
  const limit = query.limit ?? TRANSACTION_PAGE_SIZE.default;
  const page = { ...ref, companyId: actor.companyId, query, limit };
  const { rows } = await db.executeQuery(portfolioPages.compile<InvestmentTransaction>(db, page));
  return toPage(rows, limit);
}

interface PortfolioPage {
  portfolioId: string;
  investmentId: string | null;
  companyId: string;
  query: TransactionPageQuery;
  limit: number;
}

/** A portfolio's (or one investment's) movements: compiled once per shape (db/compiled-shapes.ts). */
const portfolioPages = new CompiledShapes<PortfolioPage>({
  shapeOf: ({ investmentId, query }) => `${investmentId !== null},${windowShapeOf(query)}`,
  build: (db, { portfolioId, investmentId, companyId, query, limit }) => {
    const page = db
      .selectFrom('investment_transactions as t')
      .select([
        't.id',
        't.investment_id',
        't.amount',
        't.net_cash',
        't.description',
        't.operation_date',
        't.value_date',
        't.type',
      ])
      .where('t.company_id', '=', companyId)
      .$if(investmentId === null, (qb) => qb.where('t.portfolio_id', '=', portfolioId))
      .$if(investmentId !== null, (qb) =>
        qb.where('t.investment_id', '=', investmentId ?? '').where('t.portfolio_id', '=', portfolioId),
      )
      .$if(Boolean(query.date_from), (qb) => qb.where('t.operation_date', '>=', query.date_from ?? ''))
      .$if(Boolean(query.date_to), (qb) => qb.where('t.operation_date', '<=', query.date_to ?? ''))
      .$if(query.cursor !== null, (qb) =>
        qb.where(
          sql<boolean>`(t.operation_date, t.id) < (${query.cursor?.operationDate}::date, ${query.cursor?.id}::bigint)`,
        ),
      )
      .orderBy('t.operation_date', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit + 1);
    // The investment's name is joined to the page only, after the keyset scan has cut it.
    return db
      .selectFrom(page.as('p'))
      .innerJoin('investments as i', 'i.id', 'p.investment_id')
      .select([
        sql<string>`p.id::text`.as('id'),
        'p.investment_id',
        'i.name as investment_name',
        sql<number>`p.amount::float8`.as('amount'),
        'p.description',
        sql<number>`p.net_cash::float8`.as('netCash'),
        sql<string>`to_char(p.operation_date, 'YYYY-MM-DD')`.as('operationDate'),
        'p.type',
        sql<string | null>`to_char(p.value_date, 'YYYY-MM-DD')`.as('valueDate'),
      ])
      .orderBy('p.operation_date', 'desc')
      .orderBy('p.id', 'desc');
  },
  parametersOf: ({ portfolioId, investmentId, companyId, query, limit }) => [
    companyId,
    ...(investmentId === null ? [portfolioId] : [investmentId, portfolioId]),
    ...windowParametersOf(query, limit),
  ],
});

/**
 * Both pages' window, the same in each: the optional date range, the optional keyset cursor and the limit
 * (one row more, to know whether a next page exists). Its shape and its parameters, in the builders' order.
 */
function windowShapeOf(query: TransactionPageQuery): string {
  return [Boolean(query.date_from), Boolean(query.date_to), query.cursor !== null].join();
}

function windowParametersOf(query: TransactionPageQuery, limit: number): unknown[] {
  return [
    ...(query.date_from ? [query.date_from] : []),
    ...(query.date_to ? [query.date_to] : []),
    ...(query.cursor ? [query.cursor.operationDate, query.cursor.id] : []),
    limit + 1,
  ];
}

function toPage<T extends { id: string; operationDate: string }>(
  rows: T[],
  limit: number,
): TransactionPage<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const hasMore = rows.length > limit && last !== undefined;
  return {
    items,
    next_cursor: hasMore ? encodeCursor({ operationDate: last.operationDate, id: last.id }) : null,
  };
}
