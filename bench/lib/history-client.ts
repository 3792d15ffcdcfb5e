// The balance history's bench client (issue 31): 100,000 movements over three years on the large
// tenant, made once in SQL (running balances by window sum), then reused by every run.
import { sql } from 'kysely';
import type { Db } from '../../apps/api/src/db/database';

export const HISTORY_ALIAS = 'bw-history-100k';
/** Four busy euro accounts, a dollar account and a loan: 100,000 movements over three years. */
const PRODUCTS = [
  { kind: 'account', currency: 'EUR', movements: 22_500 },
  { kind: 'account', currency: 'EUR', movements: 22_500 },
  { kind: 'account', currency: 'EUR', movements: 22_500 },
  { kind: 'account', currency: 'EUR', movements: 22_500 },
  { kind: 'account', currency: 'USD', movements: 5_000 },
  { kind: 'liability', currency: 'EUR', movements: 5_000 },
] as const;
const DAYS = 3 * 365;

/** The bench's history client: made once, in SQL (running balances by window sum), then reused. */
export async function ensureHistoryClient(db: Db, companyId: string): Promise<string> {
  const found = await db
    .selectFrom('clients')
    .select('id')
    .where('company_id', '=', companyId)
    .where('alias', '=', HISTORY_ALIAS)
    .executeTakeFirst();
  if (found) return found.id;
  console.log(`Creating ${HISTORY_ALIAS} (100,000 movements)…`);
  return db.transaction().execute(async (trx) => {
    const client = await trx
      .insertInto('clients')
      .values({
        company_id: companyId,
        name: 'Historia Cien Mil',
        alias: HISTORY_ALIAS,
        entity_ids: ['santander'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, product] of PRODUCTS.entries()) {
      const created = await trx
        .insertInto('products')
        .values({
          company_id: companyId,
          client_id: client.id,
          entity_id: 'santander',
          kind: product.kind,
          external_id: `history-${index}`,
          name: `${product.kind === 'account' ? 'Cuenta' : 'Préstamo'} ${index + 1} ${product.currency}`,
          currency: product.currency,
          balance: 0,
          liability_type: product.kind === 'liability' ? 'Loan' : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Movements spread over DAYS up to today, several a day; a loan's instalments lower its debt.
      const sign = product.kind === 'liability' ? -1 : 1;
      await sql`
        insert into product_transactions
          (company_id, product_id, external_id, operation_date, value_date, amount, balance, description)
        select ${companyId}::uuid, ${created.id}::uuid, 'h-' || g,
               current_date - ${DAYS}::int + (g * ${DAYS}::int / ${product.movements}::int),
               current_date - ${DAYS}::int + (g * ${DAYS}::int / ${product.movements}::int),
               amount, 50000 + ${sign}::int * sum(amount) over (order by g), 'Movimiento ' || g
        from (select g, ((((g * 7919) % 401) - 195) / 4.0)::numeric(20, 2) as amount
              from generate_series(0, ${product.movements}::int - 1) g) s
        order by g`.execute(trx);
      await sql`update products set balance = (
          select balance from product_transactions where product_id = ${created.id}::uuid
          order by operation_date desc, id desc limit 1)
        where id = ${created.id}::uuid`.execute(trx);
    }
    return client.id;
  });
}
