import type { Account, Investment, Liability, Portfolio } from '@caudal/contract';
import { sql } from 'kysely';
import { CompiledShapes } from '../../db/compiled-shapes';
import type { Db } from '../../db/database';
import type { ProductKind } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import type { Actor } from '../../shared/auth/actor';
import { clientScopeParametersOf, clientScopeShapeOf } from '../../shared/auth/client-scope';
import { isUuid } from '../../shared/secure-tokens';
import { whereClientVisible } from './client-scope';

/** Money is `numeric`: as float8 it is a JSON number on both drivers (node-postgres would give a string). */
const money = (column: string) => sql<number>`${sql.ref(column)}::float8`;
const nullableMoney = (column: string) => sql<number | null>`${sql.ref(column)}::float8`;
/** `date` as text: node-postgres would build a Date at local midnight. */
const day = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/**
 * A product of a visible client, of one of `kinds`: the ownership check of every call that names a
 * product. A product of another client, even of the same company, is not found.
 */
export async function findClientProductId(
  db: Db,
  actor: Actor,
  ref: { clientId: string; productId: string; kinds: readonly ProductKind[] },
): Promise<string | null> {
  if (!isUuid(ref.clientId) || !isUuid(ref.productId)) return null;
  const { rows } = await db.executeQuery(clientProducts.compile<{ id: string }>(db, { actor, ...ref }));
  return rows[0]?.id ?? null;
}

interface ClientProductRef {
  actor: Actor;
  clientId: string;
  productId: string;
  kinds: readonly ProductKind[];
}

/**
 * Every product call runs this check first: compiled once per shape (db/compiled-shapes.ts), since
 * building it cost more of the API's CPU than the transaction page it guards (bench/README.md, 0054).
 */
const clientProducts = new CompiledShapes<ClientProductRef>({
  shapeOf: ({ actor, kinds }) => [clientScopeShapeOf(actor), kinds.length].join(),
  build: (db, { actor, clientId, productId, kinds }) =>
    db
      .selectFrom('products')
      .innerJoin('clients', 'clients.id', 'products.client_id')
      .select('products.id')
      .where('products.id', '=', productId)
      .where('products.client_id', '=', clientId)
      .where('products.company_id', '=', actor.companyId)
      .where('products.kind', 'in', kinds)
      .where(whereClientVisible(actor)),
  parametersOf: ({ actor, clientId, productId, kinds }) => [
    productId,
    clientId,
    actor.companyId,
    ...kinds,
    ...clientScopeParametersOf(actor),
  ],
});

export function findAccounts(db: Db, actor: Actor, clientId: string): Promise<Account[]> {
  return db
    .selectFrom('products')
    .select(['id', 'alias', 'name', 'currency', 'iban', 'entity_id as entity'])
    .select(money('balance').as('balance'))
    .where('company_id', '=', actor.companyId)
    .where('client_id', '=', clientId)
    .where('kind', '=', 'account')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findLiabilities(db: Db, actor: Actor, clientId: string): Promise<Liability[]> {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'currency', 'entity_id as entity'])
    .select([
      sql<string>`coalesce(liability_type, '')`.as('type'),
      money('balance').as('balance'),
      nullableMoney('capital_initial').as('capitalInitial'),
      nullableMoney('capital_available').as('capitalAvailable'),
      day('opening_date').as('openingDate'),
      day('expiration_date').as('expirationDate'),
    ])
    .where('company_id', '=', actor.companyId)
    .where('client_id', '=', clientId)
    .where('kind', '=', 'liability')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findPortfolios(db: Db, actor: Actor, clientId: string): Promise<Portfolio[]> {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'currency', 'entity_id as entity'])
    .select([
      sql<string>`coalesce(portfolio_type, '')`.as('type'),
      money('balance').as('balance'),
      sql<number>`(select count(*)::int from investments i where i.portfolio_id = products.id)`.as(
        'investments_count',
      ),
    ])
    .where('company_id', '=', actor.companyId)
    .where('client_id', '=', clientId)
    .where('kind', '=', 'portfolio')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Back to the pending list, not hidden: staff match it again from there. */
export async function unmatchProduct(
  db: Db,
  actor: Actor,
  ref: { clientId: string; productId: string },
  now: Date,
): Promise<boolean> {
  const productId = await findClientProductId(db, actor, {
    ...ref,
    kinds: ['account', 'portfolio', 'liability'],
  });
  if (!productId) return false;
  const result = await db
    .updateTable('products')
    .set({ client_id: null, hidden_at: null, updated_at: now })
    .where('id', '=', productId)
    .where('client_id', '=', ref.clientId)
    .where('company_id', '=', actor.companyId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

const investmentColumns = [
  'investments.id',
  'investments.portfolio_id',
  'investments.name',
  'investments.isin',
  'investments.type',
  'investments.currency',
  'investments.ref_account as refAccount',
] as const;

export function findInvestments(db: Db, actor: Actor, portfolioId: string): Promise<Investment[]> {
  return db
    .selectFrom('investments')
    .select(investmentColumns)
    .select([money('investments.amount').as('amount'), money('investments.balance').as('balance')])
    .where('company_id', '=', actor.companyId)
    .where('portfolio_id', '=', portfolioId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function findInvestment(
  db: Db,
  actor: Actor,
  ref: { portfolioId: string; investmentId: string },
): Promise<Investment | null> {
  if (!isUuid(ref.investmentId)) return null;
  const row = await db
    .selectFrom('investments')
    .select(investmentColumns)
    .select([money('investments.amount').as('amount'), money('investments.balance').as('balance')])
    .where('id', '=', ref.investmentId)
    .where('portfolio_id', '=', ref.portfolioId)
    .where('company_id', '=', actor.companyId)
    .executeTakeFirst();
  return row ?? null;
}

/** Throws NotFound unless the product is one of `kinds` and belongs to the visible client. */
export async function requireClientProduct(
  db: Db,
  actor: Actor,
  ref: { clientId: string; productId: string; kinds: readonly ProductKind[] },
): Promise<string> {
  const productId = await findClientProductId(db, actor, ref);
  if (!productId) throw new AppError('NotFound', 'No such product');
  return productId;
}

/** The currency of a product already checked to be the actor's. */
export async function findProductCurrency(db: Db, actor: Actor, productId: string): Promise<string> {
  const row = await db
    .selectFrom('products')
    .select('currency')
    .where('id', '=', productId)
    .where('company_id', '=', actor.companyId)
    .executeTakeFirstOrThrow();
  return row.currency;
}
