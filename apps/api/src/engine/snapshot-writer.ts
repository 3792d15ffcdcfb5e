import { type Insertable, sql } from 'kysely';
import { chunks } from '../db/batches';
import type { Db } from '../db/database';
import type {
  InvestmentsTable,
  ProductHoldersTable,
  ProductTransactionsTable,
  ValuationsTable,
} from '../db/schema';
import type { InstitutionSnapshot, SnapshotTransaction } from './sandbox';

export interface SnapshotTarget {
  companyId: string;
  credentialsId: string;
  /** Client of products seen for the first time; null makes them pending (unmatched). */
  clientId: string | null;
  now: Date;
  /**
   * Store the snapshot's past valuations too (a credential's first connection, the demo seed): a refresh
   * stores only the day's, so it never rewrites history it already has.
   */
  backfillValuations?: boolean;
}

export interface SnapshotWrite {
  target: SnapshotTarget;
  snapshot: InstitutionSnapshot;
}

export interface SnapshotWriteSummary {
  /** Each write's product ids, in its snapshot's order: accounts, liabilities, portfolios. */
  productIds: string[][];
  products: number;
  newProducts: number;
  newTransactions: number;
}

/** One credential's snapshot: see `writeSnapshots`. */
export function writeSnapshot(
  trx: Db,
  target: SnapshotTarget,
  snapshot: InstitutionSnapshot,
): Promise<SnapshotWriteSummary> {
  return writeSnapshots(trx, [{ target, snapshot }]);
}

/**
 * Writes credentials' snapshots, updating in place by external id: holders, products and investments
 * are upserted on (credentials_id | portfolio_id, external_id), movements are appended when their
 * external id is new, and nothing already there is duplicated. A product keeps its id, its client and
 * its hidden mark. Idempotent. The writes share batched INSERTs (a fresh book of many credentials is a
 * few dozen statements); movements keep the snapshots' oldest-first order, so identity ids grow with
 * time and (operation_date desc, id desc) puts a day's last movement first. Each write's credential
 * appears once. Call it inside a transaction, with the trx.
 */
export async function writeSnapshots(
  trx: Db,
  writes: readonly SnapshotWrite[],
): Promise<SnapshotWriteSummary> {
  // Holders and products are keyed by credential and external id, investments by portfolio and
  // external id: one batch may hold several credentials.
  const key = (owner: string, externalId: string) => `${owner}|${externalId}`;
  const holderValues = writes.flatMap(({ target, snapshot }) =>
    snapshot.holders.map((holder) => ({
      company_id: target.companyId,
      credentials_id: target.credentialsId,
      external_id: holder.externalId,
      name: holder.name,
      document: holder.document,
      email: holder.email,
    })),
  );
  const holderIds = new Map<string, string>();
  for (const batch of chunks(holderValues)) {
    const rows = await trx
      .insertInto('holders')
      .values(batch)
      .onConflict((conflict) =>
        conflict.columns(['credentials_id', 'external_id']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          document: eb.ref('excluded.document'),
          email: eb.ref('excluded.email'),
        })),
      )
      .returning(['id', 'credentials_id', 'external_id'])
      .execute();
    for (const row of rows) holderIds.set(key(row.credentials_id, row.external_id), row.id);
  }

  const productValues = writes.flatMap(({ target, snapshot }) => {
    const base = {
      company_id: target.companyId,
      client_id: target.clientId,
      credentials_id: target.credentialsId,
      entity_id: snapshot.entityId,
      created_at: target.now,
      updated_at: target.now,
    };
    return [
      ...snapshot.accounts.map((account) => ({
        ...base,
        kind: 'account' as const,
        external_id: account.externalId,
        name: account.name,
        alias: account.alias,
        currency: account.currency,
        balance: account.balance,
        iban: account.iban,
      })),
      ...snapshot.liabilities.map((liability) => ({
        ...base,
        kind: 'liability' as const,
        external_id: liability.externalId,
        name: liability.name,
        currency: liability.currency,
        balance: liability.balance,
        liability_type: liability.type,
        capital_initial: liability.capitalInitial,
        capital_available: liability.capitalAvailable,
        opening_date: liability.openingDate,
        expiration_date: liability.expirationDate,
      })),
      ...snapshot.portfolios.map((portfolio) => ({
        ...base,
        kind: 'portfolio' as const,
        external_id: portfolio.externalId,
        name: portfolio.name,
        currency: portfolio.currency,
        balance: portfolio.balance,
        portfolio_type: portfolio.type,
      })),
    ];
  });
  const productIds = new Map<string, string>();
  let newProducts = 0;
  for (const batch of chunks(productValues)) {
    // The client and hidden mark are the portal's: a refresh never touches them. `xmax = 0` tells an
    // inserted row from an updated one.
    const rows = await trx
      .insertInto('products')
      .values(batch)
      .onConflict((conflict) =>
        conflict.columns(['credentials_id', 'external_id']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          alias: eb.ref('excluded.alias'),
          currency: eb.ref('excluded.currency'),
          balance: eb.ref('excluded.balance'),
          iban: eb.ref('excluded.iban'),
          portfolio_type: eb.ref('excluded.portfolio_type'),
          liability_type: eb.ref('excluded.liability_type'),
          capital_initial: eb.ref('excluded.capital_initial'),
          capital_available: eb.ref('excluded.capital_available'),
          opening_date: eb.ref('excluded.opening_date'),
          expiration_date: eb.ref('excluded.expiration_date'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returning(['id', 'credentials_id', 'external_id', sql<boolean>`(xmax = 0)`.as('inserted')])
      .execute();
    for (const row of rows) {
      productIds.set(key(row.credentials_id ?? '', row.external_id), row.id);
      if (row.inserted) newProducts += 1;
    }
  }

  const productHolders: Insertable<ProductHoldersTable>[] = [];
  const movements: Insertable<ProductTransactionsTable>[] = [];
  const investmentValues: Insertable<InvestmentsTable>[] = [];
  const summaryIds: string[][] = [];
  for (const { target, snapshot } of writes) {
    const { companyId, credentialsId } = target;
    const relations = new Map(snapshot.holders.map((holder) => [holder.externalId, holder.relation]));
    const ids: string[] = [];
    summaryIds.push(ids);
    const productOf = (productExternalId: string, holderExternalIds: readonly string[]) => {
      const productId = productIds.get(key(credentialsId, productExternalId));
      if (!productId) return undefined;
      ids.push(productId);
      for (const externalId of holderExternalIds) {
        const holderId = holderIds.get(key(credentialsId, externalId));
        if (holderId)
          productHolders.push({
            product_id: productId,
            holder_id: holderId,
            relation: relations.get(externalId) ?? 'titular',
          });
      }
      return productId;
    };
    const addMovements = (productId: string | undefined, transactions: readonly SnapshotTransaction[]) => {
      if (!productId) return;
      for (const transaction of transactions) {
        movements.push({
          company_id: companyId,
          product_id: productId,
          external_id: transaction.externalId,
          operation_date: transaction.operationDate,
          value_date: transaction.valueDate,
          amount: transaction.amount,
          balance: transaction.balance,
          description: transaction.description,
        });
      }
    };
    for (const account of snapshot.accounts) {
      addMovements(productOf(account.externalId, account.holderExternalIds), account.transactions);
    }
    for (const liability of snapshot.liabilities) {
      addMovements(productOf(liability.externalId, liability.holderExternalIds), liability.transactions);
    }
    for (const portfolio of snapshot.portfolios) {
      const portfolioId = productOf(portfolio.externalId, portfolio.holderExternalIds);
      if (!portfolioId) continue;
      for (const investment of portfolio.investments) {
        investmentValues.push({
          company_id: companyId,
          portfolio_id: portfolioId,
          external_id: investment.externalId,
          name: investment.name,
          isin: investment.isin,
          type: investment.type,
          amount: investment.amount,
          balance: investment.balance,
          currency: investment.currency,
          ref_account: investment.refAccount,
        });
      }
    }
  }
  for (const batch of chunks(productHolders)) {
    await trx
      .insertInto('product_holders')
      .values(batch)
      .onConflict((conflict) =>
        conflict
          .columns(['product_id', 'holder_id'])
          .doUpdateSet((eb) => ({ relation: eb.ref('excluded.relation') })),
      )
      .execute();
  }

  let newTransactions = 0;
  for (const batch of chunks(movements)) {
    const result = await trx
      .insertInto('product_transactions')
      .values(batch)
      .onConflict((conflict) => conflict.columns(['product_id', 'external_id']).doNothing())
      .executeTakeFirst();
    newTransactions += Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  const investmentIds = new Map<string, string>();
  for (const batch of chunks(investmentValues)) {
    const rows = await trx
      .insertInto('investments')
      .values(batch)
      .onConflict((conflict) =>
        conflict.columns(['portfolio_id', 'external_id']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          isin: eb.ref('excluded.isin'),
          type: eb.ref('excluded.type'),
          amount: eb.ref('excluded.amount'),
          balance: eb.ref('excluded.balance'),
          currency: eb.ref('excluded.currency'),
          ref_account: eb.ref('excluded.ref_account'),
        })),
      )
      .returning(['id', 'portfolio_id', 'external_id'])
      .execute();
    for (const row of rows) investmentIds.set(key(row.portfolio_id, row.external_id), row.id);
  }

  const investmentMovements = writes.flatMap(({ target, snapshot }) =>
    snapshot.portfolios.flatMap((portfolio) => {
      const portfolioId = productIds.get(key(target.credentialsId, portfolio.externalId));
      if (!portfolioId) return [];
      return portfolio.investments.flatMap((investment) => {
        const investmentId = investmentIds.get(key(portfolioId, investment.externalId));
        if (!investmentId) return [];
        return investment.transactions.map((transaction) => ({
          company_id: target.companyId,
          portfolio_id: portfolioId,
          investment_id: investmentId,
          external_id: transaction.externalId,
          operation_date: transaction.operationDate,
          value_date: transaction.valueDate,
          amount: transaction.amount,
          net_cash: transaction.netCash,
          type: transaction.type,
          description: transaction.description,
        }));
      });
    }),
  );
  for (const batch of chunks(investmentMovements)) {
    const result = await trx
      .insertInto('investment_transactions')
      .values(batch)
      .onConflict((conflict) => conflict.columns(['investment_id', 'external_id']).doNothing())
      .executeTakeFirst();
    newTransactions += Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  await writeValuations(trx, writes, { productIds, investmentIds, key });

  return { productIds: summaryIds, products: productIds.size, newProducts, newTransactions };
}

/**
 * Each portfolio's and investment's value on the snapshot's day (a second read the same day replaces
 * it), and, for a backfill, the days before it (kept when already there).
 */
async function writeValuations(
  trx: Db,
  writes: readonly SnapshotWrite[],
  ids: {
    productIds: ReadonlyMap<string, string>;
    investmentIds: ReadonlyMap<string, string>;
    key: (owner: string, externalId: string) => string;
  },
) {
  const today: Insertable<ValuationsTable>[] = [];
  const past: Insertable<ValuationsTable>[] = [];
  for (const { target, snapshot } of writes) {
    for (const portfolio of snapshot.portfolios) {
      const portfolioId = ids.productIds.get(ids.key(target.credentialsId, portfolio.externalId));
      if (!portfolioId) continue;
      const base = { company_id: target.companyId, portfolio_id: portfolioId, currency: portfolio.currency };
      today.push({
        ...base,
        investment_id: null,
        valued_on: snapshot.asOf,
        balance: portfolio.balance,
        invested: portfolio.invested ?? null,
      });
      if (target.backfillValuations) {
        for (const v of portfolio.valuations ?? []) {
          if (v.date >= snapshot.asOf) continue;
          past.push({
            ...base,
            investment_id: null,
            valued_on: v.date,
            balance: v.balance,
            invested: v.invested,
          });
        }
      }
      for (const investment of portfolio.investments) {
        const investmentId = ids.investmentIds.get(ids.key(portfolioId, investment.externalId));
        if (!investmentId) continue;
        const row = { ...base, investment_id: investmentId, currency: investment.currency };
        today.push({
          ...row,
          valued_on: snapshot.asOf,
          balance: investment.balance,
          amount: investment.amount,
          invested: investment.invested ?? null,
        });
        if (!target.backfillValuations) continue;
        for (const v of investment.valuations ?? []) {
          if (v.date >= snapshot.asOf) continue;
          past.push({
            ...row,
            valued_on: v.date,
            balance: v.balance,
            amount: v.amount ?? null,
            invested: v.invested,
          });
        }
      }
    }
  }
  // Two partial unique indexes (0027): a portfolio's own row, and an investment's.
  const upsert = async (rows: Insertable<ValuationsTable>[], replace: boolean) => {
    for (const isPortfolio of [true, false]) {
      const mine = rows.filter((row) => (row.investment_id === null) === isPortfolio);
      for (const batch of chunks(mine)) {
        await trx
          .insertInto('valuations')
          .values(batch)
          .onConflict((conflict) => {
            const target = isPortfolio
              ? conflict.columns(['portfolio_id', 'valued_on']).where('investment_id', 'is', null)
              : conflict.columns(['investment_id', 'valued_on']).where('investment_id', 'is not', null);
            return replace
              ? target.doUpdateSet((eb) => ({
                  balance: eb.ref('excluded.balance'),
                  amount: eb.ref('excluded.amount'),
                  invested: eb.ref('excluded.invested'),
                  currency: eb.ref('excluded.currency'),
                }))
              : target.doNothing();
          })
          .execute();
      }
    }
  };
  await upsert(past, false);
  await upsert(today, true);
}
