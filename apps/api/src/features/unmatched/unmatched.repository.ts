import { type ParsedRequestOf, type UnmatchedProduct, unmatched } from '@caudal/contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../shared/app-error';
import type { Actor } from '../../shared/auth/actor';
import { isUuid } from '../../shared/secure-tokens';
import { escapeLike } from '../../shared/sql/escape-like';

/** Pending: waiting for a client. Hidden: set aside by staff, restorable. Neither has a client. */
export type UnmatchedState = 'pending' | 'hidden';

/** The list call's parsed body (every field optional: the data API and tests pass part of it). */
export type UnmatchedQuery = Partial<NonNullable<ParsedRequestOf<typeof unmatched.unmatchedList>>>;

/**
 * Holders whose name may suggest a client: the owners. An authorised person ("autorizado") is not one,
 * so their name never proposes a client for the product.
 */
const owners = sql.join(['titular', 'cotitular']);

/**
 * THE suggested client of product `p`: the company's client whose name equals an owner's name, both
 * folded by `fold_name` (case, accents, spacing). Exactly one such client, or none: when two clients
 * share the name (or co-owners name two clients) nothing is suggested, because "confirm all" would
 * otherwise hand one person's financial data to another client and their portal users.
 *
 * It runs per product row (a LATERAL): at most two probes of clients_company_folded_name_idx.
 */
const suggestedClient = sql`
  select (array_agg(m.id))[1] as id, (array_agg(m.name))[1] as name, (array_agg(m.alias))[1] as alias
  from (
    select c.id, c.name, c.alias
    from clients c
    where c.company_id = p.company_id
      and fold_name(c.name) in (
        select h.name_key
        from product_holders ph
        join holders h on h.id = ph.holder_id
        where ph.product_id = p.id and ph.relation in (${owners})
      )
    limit 2
  ) m
  having count(*) = 1`;

/** The name shown for the product's holder: the titular first, then co-owners, then anyone else. */
const holderName = sql`
  select h.name
  from product_holders ph
  join holders h on h.id = ph.holder_id
  where ph.product_id = p.id
  order by case ph.relation when 'titular' then 0 when 'cotitular' then 1 else 2 end, h.name, h.id
  limit 1`;

/**
 * The rows of one list: the company's products without a client, pending or hidden, optionally at one
 * entity and matching a search on the product name, any holder's name, or the suggested client's name
 * or alias (all folded, so "garcia" finds "García").
 */
function whereListed(actor: Actor, state: UnmatchedState, query: UnmatchedQuery): RawBuilder<SqlBool> {
  const conditions: RawBuilder<unknown>[] = [
    sql`p.company_id = ${actor.companyId}`,
    sql`p.client_id is null`,
    state === 'pending' ? sql`p.hidden_at is null` : sql`p.hidden_at is not null`,
  ];
  if (query.bank) conditions.push(sql`p.entity_id = ${query.bank}`);
  if (query.search) {
    const pattern = sql`'%' || fold_name(${escapeLike(query.search)}) || '%'`;
    // Set-wise, each subquery once (hashed), never per product row: the stored product key; the
    // company's holders by their stored key; and products whose suggestion matches, i.e. whose owners
    // name exactly one client (the rule of suggestedClient) and that client's "name alias" contains the
    // term (a trigram index finds those clients, as client-list's search_text does).
    conditions.push(sql`(
      p.name_key like ${pattern}
      or p.id in (
        select ph.product_id from holders h join product_holders ph on ph.holder_id = h.id
        where h.company_id = ${actor.companyId} and h.name_key like ${pattern})
      or p.id in (
        select ph.product_id
        from product_holders ph
        join holders h on h.id = ph.holder_id
        join clients c on c.company_id = h.company_id and fold_name(c.name) = h.name_key
        where ph.relation in (${owners}) and ph.product_id in (
          select mph.product_id
          from clients mc
          join holders mh on mh.company_id = mc.company_id and mh.name_key = fold_name(mc.name)
          join product_holders mph on mph.holder_id = mh.id and mph.relation in (${owners})
          where mc.company_id = ${actor.companyId} and mc.folded_search like ${pattern})
        group by ph.product_id
        having count(distinct c.id) = 1)
    )`);
  }
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

interface UnmatchedRow {
  id: string;
  entity_id: string;
  name: string;
  kind: UnmatchedProduct['product_type'];
  created_at: Date | string;
  balance: number;
  currency: string;
  credentials_token: string | null;
  holder_name: string | null;
  suggested_id: string | null;
  suggested_name: string | null;
  suggested_alias: string | null;
}

/**
 * One page of a list, and the number of matches. Order (spec 4: "by bank, then by name"): the bank as
 * users see it, the entity's NAME folded, then its id (two entities could share a name); then the
 * product name folded (products.name_key), the raw name, and the id: a total order, stable across pages.
 *
 * The page is cut first over the products alone (the partial index narrows to the company's pending
 * or hidden rows); only the page's rows then get their holder, credentials and suggested client.
 * Without `page`, the whole list (and its length is the total).
 */
export async function listUnmatched(
  db: Db,
  actor: Actor,
  state: UnmatchedState,
  query: UnmatchedQuery,
): Promise<{ items: UnmatchedProduct[]; total: number }> {
  const where = whereListed(actor, state, query);
  const pageSize =
    query.page === undefined ? null : (query.page_size ?? unmatched.UNMATCHED_PAGE_SIZE.default);
  const limit =
    pageSize === null ? sql`` : sql`limit ${pageSize} offset ${((query.page ?? 1) - 1) * pageSize}`;

  // Entities are a small catalogue: ranked once by folded name (a window stops the planner from
  // folding it again per product row), so the sort key of a product row is (rank, stored name key).
  const rowsQuery = sql<UnmatchedRow>`
    select p.id, p.entity_id, p.name, p.kind, p.created_at, p.balance::float8 as balance, p.currency,
      cr.token as credentials_token, hn.name as holder_name,
      s.id as suggested_id, s.name as suggested_name, s.alias as suggested_alias
    from (
      select p.id, b.bank_rank
      from products p
      join (select id, row_number() over (order by fold_name(name), id) as bank_rank from entities) b
        on b.id = p.entity_id
      where ${where}
      order by b.bank_rank, p.name_key, p.name, p.id
      ${limit}
    ) page
    join products p on p.id = page.id
    left join credentials cr on cr.id = p.credentials_id
    left join lateral (${holderName}) hn on true
    left join lateral (${suggestedClient}) s on true
    order by page.bank_rank, p.name_key, p.name, p.id`;

  if (pageSize === null) {
    const { rows } = await rowsQuery.execute(db);
    return { items: rows.map(toUnmatchedProduct), total: rows.length };
  }
  const [{ rows }, count] = await Promise.all([
    rowsQuery.execute(db),
    sql<{ total: number }>`select count(*)::int as total from products p where ${where}`.execute(db),
  ]);
  return { items: rows.map(toUnmatchedProduct), total: count.rows[0]?.total ?? 0 };
}

function toUnmatchedProduct(row: UnmatchedRow): UnmatchedProduct {
  return {
    _id: row.id,
    holder_product_id: row.id,
    bank: row.entity_id,
    name: row.name,
    product_type: row.kind,
    created_at: new Date(row.created_at).toISOString(),
    holder_name: row.holder_name,
    credentials_token: row.credentials_token,
    balance: row.balance,
    currency: row.currency,
    suggested_client:
      row.suggested_id === null
        ? null
        : { id: row.suggested_id, name: row.suggested_name ?? '', alias: row.suggested_alias ?? '' },
  };
}

/** Both numbers in one statement; each subquery is an index-only count over its partial index. */
export async function countUnmatched(db: Db, actor: Actor): Promise<{ pending: number; hidden: number }> {
  const { rows } = await sql<{ pending: number; hidden: number }>`
    select
      (select count(*)::int from products
        where company_id = ${actor.companyId} and client_id is null and hidden_at is null) as pending,
      (select count(*)::int from products
        where company_id = ${actor.companyId} and client_id is null and hidden_at is not null) as hidden`.execute(
    db,
  );
  return rows[0] ?? { pending: 0, hidden: 0 };
}

/**
 * Gives `productIds` to the client, all or nothing, in one transaction:
 * - the client must be the company's (else NotFound);
 * - the products are locked in id order (FOR UPDATE), so concurrent calls queue on the rows instead of
 *   deadlocking, and each sees what the one before it committed;
 * - an id that is not a product of the company: NotFound; a product of another client:
 *   ProductAlreadyMatched; either way nothing is written;
 * - a product already with this client is fine (idempotent); a hidden one is restored as it is matched.
 * Answers how many distinct products the client now has from the request.
 */
export async function matchProducts(
  db: Db,
  actor: Actor,
  request: { clientId: string; productIds: readonly string[] },
  now: Date,
): Promise<number> {
  const productIds = [...new Set(request.productIds)];
  if (!isUuid(request.clientId)) throw new AppError('NotFound', 'No such client');
  if (!productIds.every(isUuid)) throw new AppError('NotFound', 'No such product');
  const { clientId } = request;

  return db.transaction().execute(async (trx) => {
    const client = await trx
      .selectFrom('clients')
      .select('id')
      .where('id', '=', clientId)
      .where('company_id', '=', actor.companyId)
      .executeTakeFirst();
    if (!client) throw new AppError('NotFound', 'No such client');

    const locked = await trx
      .selectFrom('products')
      .select(['id', 'client_id'])
      .where('company_id', '=', actor.companyId)
      .where('id', 'in', productIds)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (locked.length !== productIds.length) throw new AppError('NotFound', 'No such product');
    if (locked.some((row) => row.client_id !== null && row.client_id !== clientId)) {
      throw new AppError('ProductAlreadyMatched', 'A product already belongs to another client');
    }

    const toMatch = locked.filter((row) => row.client_id === null).map((row) => row.id);
    if (toMatch.length > 0) {
      await trx
        .updateTable('products')
        .set({ client_id: clientId, hidden_at: null, updated_at: now })
        .where('company_id', '=', actor.companyId)
        .where('id', 'in', toMatch)
        .where('client_id', 'is', null)
        .execute();
    }
    return locked.length;
  });
}

/**
 * Sets a product without a client aside (hide) or back on the pending list (unhide); both idempotent.
 * One statement: its WHERE is re-checked under the row lock, so a concurrent match wins cleanly.
 * A product of a client cannot be hidden or restored (ProductAlreadyMatched); unknown: NotFound.
 */
export async function setHidden(db: Db, actor: Actor, productId: string, hidden: boolean, now: Date) {
  if (!isUuid(productId)) throw new AppError('NotFound', 'No such product');
  const updated = await db
    .updateTable('products')
    .set({ hidden_at: hidden ? sql<Date>`coalesce(hidden_at, ${now})` : null, updated_at: now })
    .where('company_id', '=', actor.companyId)
    .where('id', '=', productId)
    .where('client_id', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (updated) return;
  const exists = await db
    .selectFrom('products')
    .select('id')
    .where('company_id', '=', actor.companyId)
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!exists) throw new AppError('NotFound', 'No such product');
  throw new AppError('ProductAlreadyMatched', 'The product belongs to a client');
}
