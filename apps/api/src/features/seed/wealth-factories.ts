import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ProductKind } from '../../db/schema';
import { consentExpiryFrom } from '../../engine/sandbox';

/** A random credentials token: 192 bits, base64url, never derived from an id (spec: credentials_token). */
export function createCredentialsToken(): string {
  return randomBytes(24).toString('base64url');
}

const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');

const suffix = () => randomBytes(4).toString('hex');

export async function createClient(
  db: Db,
  overrides: { companyId: string; name?: string; alias?: string; entityIds?: string[]; createdAt?: Date },
) {
  const tag = suffix();
  return db
    .insertInto('clients')
    .values({
      company_id: overrides.companyId,
      name: overrides.name ?? `Cliente ${tag}`,
      alias: overrides.alias ?? `cliente-${tag}`,
      entity_ids: overrides.entityIds ?? [],
      ...(overrides.createdAt ? { created_at: overrides.createdAt, updated_at: overrides.createdAt } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createCredentials(
  db: Db,
  overrides: {
    companyId: string;
    entityId?: string;
    clientId?: string | null;
    login?: string;
    now?: Date;
    consentExpiresAt?: Date;
  },
) {
  const now = overrides.now ?? new Date();
  const entityId = overrides.entityId ?? 'santander';
  return db
    .insertInto('credentials')
    .values({
      company_id: overrides.companyId,
      token: createCredentialsToken(),
      entity_id: entityId,
      client_id: overrides.clientId ?? null,
      login: overrides.login ?? `login-${suffix()}`,
      status: 'ok',
      last_update: now,
      last_success_at: now,
      // Without the test's clock (`now`), a consent no test's clock reaches; with it, the institution's.
      consent_expires_at:
        overrides.consentExpiresAt ?? (overrides.now ? consentExpiryFrom(entityId, now) : FAR_FUTURE),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ProductOverrides {
  companyId: string;
  /** Null (the default): a pending product. */
  clientId?: string | null;
  kind?: ProductKind;
  entityId?: string;
  credentialsId?: string | null;
  name?: string;
  alias?: string | null;
  balance?: number;
  currency?: string;
  iban?: string | null;
  hiddenAt?: Date | null;
}

/** An account, portfolio or liability with the fields its kind needs. */
export async function createProduct(db: Db, overrides: ProductOverrides) {
  const kind = overrides.kind ?? 'account';
  return db
    .insertInto('products')
    .values({
      company_id: overrides.companyId,
      client_id: overrides.clientId ?? null,
      credentials_id: overrides.credentialsId ?? null,
      entity_id: overrides.entityId ?? 'santander',
      kind,
      external_id: `ext-${suffix()}`,
      name: overrides.name ?? `${kind} ${suffix()}`,
      alias: overrides.alias ?? null,
      currency: overrides.currency ?? 'EUR',
      balance: overrides.balance ?? 1000,
      iban: kind === 'account' ? (overrides.iban ?? null) : null,
      portfolio_type: kind === 'portfolio' ? 'F' : null,
      liability_type: kind === 'liability' ? 'Loan' : null,
      capital_initial: kind === 'liability' ? 150_000 : null,
      capital_available: kind === 'liability' ? 0 : null,
      opening_date: kind === 'liability' ? '2020-03-01' : null,
      expiration_date: kind === 'liability' ? '2045-03-01' : null,
      hidden_at: overrides.hiddenAt ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createInvestment(
  db: Db,
  overrides: { companyId: string; portfolioId: string; name?: string; isin?: string | null; amount?: number },
) {
  return db
    .insertInto('investments')
    .values({
      company_id: overrides.companyId,
      portfolio_id: overrides.portfolioId,
      external_id: `inv-${suffix()}`,
      name: overrides.name ?? `Fondo ${suffix()}`,
      isin: overrides.isin === undefined ? 'ES0165151004' : overrides.isin,
      type: 'F',
      amount: overrides.amount ?? 123.4567890123,
      balance: 2500.5,
      currency: 'EUR',
      ref_account: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface TransactionSeries {
  companyId: string;
  count: number;
  /** The first (oldest) operation date; later rows move forward `perDay` at a time. */
  firstDate?: string;
  /** Rows sharing each date, so the id tie-breaker of the keyset is exercised. */
  perDay?: number;
}

/**
 * `count` movements of an account or liability, generated in SQL in one statement (millions are
 * fine), with running balances: the last row's balance is the opening 1,000 plus every amount.
 */
export async function createTransactions(db: Db, series: TransactionSeries & { productId: string }) {
  const { firstDate = '2023-01-01', perDay = 3 } = series;
  await sql`
    insert into product_transactions
      (company_id, product_id, external_id, operation_date, value_date, amount, balance, description)
    select ${series.companyId}::uuid, ${series.productId}::uuid, 'tx-' || g,
      ${firstDate}::date + g / ${perDay}::int, ${firstDate}::date + g / ${perDay}::int,
      amount, 1000 + sum(amount) over (order by g), 'Movimiento ' || g
    from (select g, (((g * 37) % 200) - 100)::numeric(20, 2) as amount
          from generate_series(0, ${series.count}::int - 1) as g) as s
    order by g`.execute(db);
}

export async function createInvestmentTransactions(
  db: Db,
  series: TransactionSeries & { portfolioId: string; investmentId: string },
) {
  const { firstDate = '2023-01-01', perDay = 2 } = series;
  await sql`
    insert into investment_transactions
      (company_id, portfolio_id, investment_id, external_id, operation_date, value_date, amount, net_cash, type, description)
    select ${series.companyId}::uuid, ${series.portfolioId}::uuid, ${series.investmentId}::uuid, 'itx-' || g,
      ${firstDate}::date + g / ${perDay}::int, ${firstDate}::date + g / ${perDay}::int,
      1.25, -100, 8, 'Compra ' || g
    from generate_series(0, ${series.count}::int - 1) as g
    order by g`.execute(db);
}

/** Gives a portal user these clients (and only these, added to what they had). */
export async function assignPortalClients(
  db: Db,
  assignment: { userId: string; companyId: string; clientIds: readonly string[] },
) {
  if (assignment.clientIds.length === 0) return;
  await db
    .insertInto('portal_user_clients')
    .values(
      assignment.clientIds.map((clientId) => ({
        user_id: assignment.userId,
        client_id: clientId,
        company_id: assignment.companyId,
      })),
    )
    .onConflict((conflict) => conflict.columns(['user_id', 'client_id']).doNothing())
    .execute();
}
