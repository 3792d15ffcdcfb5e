import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { InstitutionSnapshot, SnapshotTransaction } from './sandbox';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters. */
const BATCH_SIZE = 1000;

export interface SnapshotTarget {
  companyId: string;
  credentialsId: string;
  /** Client of products seen for the first time; null makes them pending (unmatched). */
  clientId: string | null;
  now: Date;
}

export interface SnapshotWriteSummary {
  products: number;
  newProducts: number;
  newTransactions: number;
}

/**
 * Writes one credential's snapshot, updating in place by external id: holders, products and
 * investments are upserted on (credentials_id | portfolio_id, external_id), movements are appended
 * when their external id is new, and nothing already there is duplicated. A product keeps its id,
 * its client and its hidden mark. Idempotent. Call it inside a transaction, with the trx.
 */
export async function writeSnapshot(
  trx: Db,
  target: SnapshotTarget,
  snapshot: InstitutionSnapshot,
): Promise<SnapshotWriteSummary> {
  const { companyId, credentialsId, clientId, now } = target;

  const holderIds = new Map<string, string>();
  const relations = new Map<string, string>();
  for (const batch of chunks(snapshot.holders)) {
    const rows = await trx
      .insertInto('holders')
      .values(
        batch.map((holder) => ({
          company_id: companyId,
          credentials_id: credentialsId,
          external_id: holder.externalId,
          name: holder.name,
          document: holder.document,
          email: holder.email,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['credentials_id', 'external_id']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          document: eb.ref('excluded.document'),
          email: eb.ref('excluded.email'),
        })),
      )
      .returning(['id', 'external_id'])
      .execute();
    for (const row of rows) holderIds.set(row.external_id, row.id);
  }
  for (const holder of snapshot.holders) relations.set(holder.externalId, holder.relation);

  const base = {
    company_id: companyId,
    client_id: clientId,
    credentials_id: credentialsId,
    entity_id: snapshot.entityId,
  };
  const productValues = [
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
  ].map((row) => ({ ...row, created_at: now, updated_at: now }));

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
      .returning(['id', 'external_id', sql<boolean>`(xmax = 0)`.as('inserted')])
      .execute();
    for (const row of rows) {
      productIds.set(row.external_id, row.id);
      if (row.inserted) newProducts += 1;
    }
  }

  const productHolders: { product_id: string; holder_id: string; relation: string }[] = [];
  const link = (productExternalId: string, holderExternalIds: readonly string[]) => {
    const productId = productIds.get(productExternalId);
    if (!productId) return;
    for (const externalId of holderExternalIds) {
      const holderId = holderIds.get(externalId);
      if (holderId)
        productHolders.push({
          product_id: productId,
          holder_id: holderId,
          relation: relations.get(externalId) ?? 'titular',
        });
    }
  };
  for (const product of [...snapshot.accounts, ...snapshot.liabilities, ...snapshot.portfolios]) {
    link(product.externalId, product.holderExternalIds);
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

  const movements: {
    company_id: string;
    product_id: string;
    external_id: string;
    operation_date: string;
    value_date: string;
    amount: number;
    balance: number;
    description: string;
  }[] = [];
  const addMovements = (productExternalId: string, transactions: readonly SnapshotTransaction[]) => {
    const productId = productIds.get(productExternalId);
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
  for (const account of snapshot.accounts) addMovements(account.externalId, account.transactions);
  for (const liability of snapshot.liabilities) addMovements(liability.externalId, liability.transactions);
  let newTransactions = 0;
  for (const batch of chunks(movements)) {
    const inserted = await trx
      .insertInto('product_transactions')
      .values(batch)
      .onConflict((conflict) => conflict.columns(['product_id', 'external_id']).doNothing())
      .returning('id')
      .execute();
    newTransactions += inserted.length;
  }

  const investmentValues = snapshot.portfolios.flatMap((portfolio) => {
    const portfolioId = productIds.get(portfolio.externalId);
    if (!portfolioId) return [];
    return portfolio.investments.map((investment) => ({
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
    }));
  });
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
    for (const row of rows) investmentIds.set(`${row.portfolio_id}|${row.external_id}`, row.id);
  }

  const investmentMovements = snapshot.portfolios.flatMap((portfolio) => {
    const portfolioId = productIds.get(portfolio.externalId);
    if (!portfolioId) return [];
    return portfolio.investments.flatMap((investment) => {
      const investmentId = investmentIds.get(`${portfolioId}|${investment.externalId}`);
      if (!investmentId) return [];
      return investment.transactions.map((transaction) => ({
        company_id: companyId,
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
  });
  for (const batch of chunks(investmentMovements)) {
    const inserted = await trx
      .insertInto('investment_transactions')
      .values(batch)
      .onConflict((conflict) => conflict.columns(['investment_id', 'external_id']).doNothing())
      .returning('id')
      .execute();
    newTransactions += inserted.length;
  }

  return { products: productIds.size, newProducts, newTransactions };
}

function chunks<T>(rows: readonly T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += size) out.push(rows.slice(start, start + size));
  return out;
}
