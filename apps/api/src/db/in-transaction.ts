import type { Db } from './database';

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` is already one (the seed runs
 * everything in its own; Kysely cannot nest them).
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
