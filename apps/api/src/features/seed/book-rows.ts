import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type {
  HoldersTable,
  InvestmentsTable,
  InvestmentTransactionsTable,
  ProductHoldersTable,
  ProductsTable,
  ProductTransactionsTable,
} from '../../db/schema';
import type { InstitutionSnapshot } from '../../engine/sandbox';

/** Every row one credential's snapshot becomes, ids made here so no insert has to return any. */
export interface BookRows {
  holders: Insertable<HoldersTable>[];
  products: Insertable<ProductsTable>[];
  productHolders: Insertable<ProductHoldersTable>[];
  investments: Insertable<InvestmentsTable>[];
  productTransactions: Insertable<ProductTransactionsTable>[];
  investmentTransactions: Insertable<InvestmentTransactionsTable>[];
}

export function emptyBookRows(): BookRows {
  return {
    holders: [],
    products: [],
    productHolders: [],
    investments: [],
    productTransactions: [],
    investmentTransactions: [],
  };
}

export interface SnapshotOwner {
  companyId: string;
  credentialsId: string;
  /** Null: the products are pending (unmatched). */
  clientId: string | null;
  now: Date;
}

/**
 * Appends a snapshot's rows to `rows`. Transactions keep the snapshot's oldest-first order, so identity
 * ids grow with time and (operation_date desc, id desc) puts a day's last movement first.
 */
export function appendSnapshotRows(
  rows: BookRows,
  owner: SnapshotOwner,
  snapshot: InstitutionSnapshot,
): string[] {
  const { companyId, credentialsId, clientId, now } = owner;
  const holderIds = new Map<string, string>();
  const holderRelations = new Map<string, string>();
  for (const holder of snapshot.holders) {
    const id = randomUUID();
    holderIds.set(holder.externalId, id);
    holderRelations.set(holder.externalId, holder.relation);
    rows.holders.push({
      id,
      company_id: companyId,
      credentials_id: credentialsId,
      external_id: holder.externalId,
      name: holder.name,
      document: holder.document,
      email: holder.email,
    });
  }
  const productIds: string[] = [];
  const base = {
    company_id: companyId,
    client_id: clientId,
    credentials_id: credentialsId,
    entity_id: snapshot.entityId,
    created_at: now,
    updated_at: now,
  };
  const linkHolders = (productId: string, holderExternalIds: readonly string[]) => {
    for (const externalId of holderExternalIds) {
      const holderId = holderIds.get(externalId);
      if (!holderId) continue;
      rows.productHolders.push({
        product_id: productId,
        holder_id: holderId,
        relation: holderRelations.get(externalId) ?? 'titular',
      });
    }
  };
  const pushTransactions = (
    productId: string,
    transactions: InstitutionSnapshot['accounts'][number]['transactions'],
  ) => {
    for (const transaction of transactions) {
      rows.productTransactions.push({
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
    const id = randomUUID();
    productIds.push(id);
    rows.products.push({
      ...base,
      id,
      kind: 'account',
      external_id: account.externalId,
      name: account.name,
      alias: account.alias,
      currency: account.currency,
      balance: account.balance,
      iban: account.iban,
    });
    linkHolders(id, account.holderExternalIds);
    pushTransactions(id, account.transactions);
  }
  for (const liability of snapshot.liabilities) {
    const id = randomUUID();
    productIds.push(id);
    rows.products.push({
      ...base,
      id,
      kind: 'liability',
      external_id: liability.externalId,
      name: liability.name,
      currency: liability.currency,
      balance: liability.balance,
      liability_type: liability.type,
      capital_initial: liability.capitalInitial,
      capital_available: liability.capitalAvailable,
      opening_date: liability.openingDate,
      expiration_date: liability.expirationDate,
    });
    linkHolders(id, liability.holderExternalIds);
    pushTransactions(id, liability.transactions);
  }
  for (const portfolio of snapshot.portfolios) {
    const id = randomUUID();
    productIds.push(id);
    rows.products.push({
      ...base,
      id,
      kind: 'portfolio',
      external_id: portfolio.externalId,
      name: portfolio.name,
      currency: portfolio.currency,
      balance: portfolio.balance,
      portfolio_type: portfolio.type,
    });
    linkHolders(id, portfolio.holderExternalIds);
    for (const investment of portfolio.investments) {
      const investmentId = randomUUID();
      rows.investments.push({
        id: investmentId,
        company_id: companyId,
        portfolio_id: id,
        external_id: investment.externalId,
        name: investment.name,
        isin: investment.isin,
        type: investment.type,
        amount: investment.amount,
        balance: investment.balance,
        currency: investment.currency,
        ref_account: investment.refAccount,
      });
      for (const transaction of investment.transactions) {
        rows.investmentTransactions.push({
          company_id: companyId,
          portfolio_id: id,
          investment_id: investmentId,
          external_id: transaction.externalId,
          operation_date: transaction.operationDate,
          value_date: transaction.valueDate,
          amount: transaction.amount,
          net_cash: transaction.netCash,
          type: transaction.type,
          description: transaction.description,
        });
      }
    }
  }
  return productIds;
}
