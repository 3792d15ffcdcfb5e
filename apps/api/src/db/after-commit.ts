import type { Db } from './database';
import { queueAfterCommit } from './sent-with-commit';

type Callback = () => void;

/**
 * Runs `callback` once the transaction `db` belongs to has committed, never when it rolls back; at once
 * when `db` is not a transaction (the statement before it has committed on its own). For in-process
 * signals only (the sealer's and the webhook dispatcher's wake-ups): a callback must not throw nor query.
 *
 * The callback is queued on the transaction's own connection, which runs it after its COMMIT
 * (db/sent-with-commit.ts): no async context is needed to find the transaction, so a transaction pays
 * no async hook for it (an AsyncLocalStorage cost every promise of the process ~0.2 µs while any
 * transaction was open: bench/README.md, issue 26).
 */
export async function afterCommit(db: Db, callback: Callback): Promise<void> {
  if (!db.isTransaction) {
    callback();
    return;
  }
  await db.getExecutor().provideConnection(async (connection) => {
    if (!queueAfterCommit(connection, callback)) {
      throw new Error('afterCommit needs a database opened with sendingDeferredWithCommit');
    }
  });
}
