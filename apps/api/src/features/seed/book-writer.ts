import type { Db } from '../../db/database';
import type { BookRows } from './book-rows';

/** Rows per INSERT: big enough to cut round trips, well under PostgreSQL's 65,535 parameters. */
const BATCH_SIZE = 1000;

/**
 * Inserts the rows in foreign-key order, in batches. Call it inside a transaction (with the trx) when
 * the book must appear all at once.
 */
export async function insertBookRows(db: Db, rows: BookRows): Promise<void> {
  await insertInBatches(rows.holders, (batch) => db.insertInto('holders').values(batch).execute());
  await insertInBatches(rows.products, (batch) => db.insertInto('products').values(batch).execute());
  await insertInBatches(rows.productHolders, (batch) =>
    db.insertInto('product_holders').values(batch).execute(),
  );
  await insertInBatches(rows.investments, (batch) => db.insertInto('investments').values(batch).execute());
  await insertInBatches(rows.productTransactions, (batch) =>
    db.insertInto('product_transactions').values(batch).execute(),
  );
  await insertInBatches(rows.investmentTransactions, (batch) =>
    db.insertInto('investment_transactions').values(batch).execute(),
  );
}

/** One batch after another, in order: identity ids then follow the rows' order. */
export async function insertInBatches<T>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<unknown>,
  size = BATCH_SIZE,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await insert(rows.slice(start, start + size));
  }
}
