import type { CompiledQuery, Kysely, QueryResult, Transaction } from 'kysely';
import { ChangedRowsDetector, hasChangedRows, isBuilderWrite } from './changed-rows';
import { isStaleInTransaction } from './errors';
import type { Database } from './schema';
import { ScopedStorage } from './scoped-storage';

/**
 * Work owed by the running call, done inside the first transaction it commits that changed a row (with
 * that transaction's value).
 */
export type BeforeFirstCommit = (trx: Transaction<Database>, value: unknown) => Promise<void>;

interface Owed {
  work: BeforeFirstCommit;
  isDone: boolean;
  /** What the caller keeps beside the work for the call's length (the audit log's pending event). */
  context: unknown;
}

const owed = new ScopedStorage<Owed>();

/**
 * Runs `run` owing `work` to its first committed transaction that changed a row, so what `work` writes
 * commits or rolls back with the change (the audit log's events), and a transaction that changed
 * nothing (a delete that matched no row, then a refusal) leaves it owed. Answers whether a transaction
 * took it; when none did, the caller decides what to do (`runWithoutOwed` opens one outside this scope).
 */
export async function runOwingFirstCommit<T>(
  work: BeforeFirstCommit,
  run: () => Promise<T>,
  context?: unknown,
): Promise<{ result: T; isDone: boolean }> {
  const state: Owed = { work, isDone: false, context };
  try {
    const result = await owed.run(state, run);
    return { result, isDone: state.isDone };
  } finally {
    // The call is over: what it left owed is its caller's to do, never work it started and left running.
    state.isDone = true;
  }
}

/**
 * The `context` the running call passed to `runOwingFirstCommit`. One async context carries both, since
 * on Node 20 each AsyncLocalStorage in use adds its own step to every promise the process creates.
 */
export function owedContext(): unknown {
  return owed.getStore()?.context;
}

/** Whether the running call's owed work is done (or nothing is owed); false again if its transaction failed. */
export function isOwedWorkDone(): boolean {
  return owed.getStore()?.isDone ?? true;
}

/** Runs `run` outside any owed work (a follow-up transaction must not take it again). */
export function runWithoutOwed<T>(run: () => T): T {
  return owed.exit(run);
}

/**
 * Makes every transaction of `db` do the running call's owed work just before it commits. Installed once
 * where the database opens, so every path (handlers, domain functions, operator commands) is covered
 * without each one remembering; the database layer knows nothing of what the work is.
 */
export function hookFirstCommit(db: Kysely<Database>): Kysely<Database> {
  // A lone write's own transaction does the work itself: it opens one of the handle's, unhooked.
  hookLoneWrites(db, db.transaction.bind(db));
  return hookTransactions(db);
}

/**
 * Hooks a handle's transactions, and those of every handle `withTables` derives from it (another Kysely
 * over the same executor, whose lone writes `hookLoneWrites` already sees). A controlled transaction
 * (`startTransaction`) is not hooked: refused while work is owed, rather than skipping it.
 */
function hookTransactions<D>(handle: Kysely<D>): Kysely<D> {
  const open = handle.transaction.bind(handle);
  handle.transaction = () => wrapBuilder(open() as unknown as Builder) as never;
  const withTables = handle.withTables.bind(handle);
  handle.withTables = (() => hookTransactions(withTables())) as typeof handle.withTables;
  const start = handle.startTransaction.bind(handle);
  handle.startTransaction = () => {
    const state = owed.getStore();
    if (state && !state.isDone)
      throw new Error('The running call owes work to its transaction: use transaction()');
    return start();
  };
  return handle;
}

/**
 * A write the call sends outside any transaction (a lone `delete`, `update` or `insert` on the root
 * handle) while it still owes its work runs in a transaction of its own instead, which does the work
 * when the write changed a row: the change and its audit event commit together, or neither does. Left
 * alone, the write committed by itself and the event followed in another transaction, so a failure
 * between the two kept the change without its event (issue 26: "in the same transaction as the change").
 * Builders of the root handle (and of `withTables`, which shares its executor) all reach this executor.
 * Only builders' writes: a raw statement is not known to write, and a read must never take the work.
 */
function hookLoneWrites(db: Kysely<Database>, open: () => Builder) {
  const executor = db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  executor.executeQuery = <R>(compiledQuery: CompiledQuery<R>): Promise<QueryResult<R>> => {
    const state = owed.getStore();
    if (!state || state.isDone || !isBuilderWrite(compiledQuery.query.kind)) return execute(compiledQuery);
    const runAlone = () =>
      takingOwedWork(state, (take) =>
        open().execute(async (trx) => {
          const result = await trx.executeQuery(compiledQuery);
          // What a transaction would have answered: the written row, for the targets read from it.
          if (hasChangedRows(compiledQuery.query.kind, result)) await take(trx, result.rows[0] ?? null);
          return result;
        }),
      );
    // Outside a transaction a statement gone stale (another instance's migration) is retried at once
    // (db/prepared-pool.ts); in this one it failed the transaction, which held nothing else: again, once.
    return runAlone().catch((error: unknown) => {
      if (!isStaleInTransaction(error)) throw error;
      return runAlone();
    });
  };
}

/**
 * Runs a transaction that may take the owed work (`take`: does it unless another transaction of the
 * call already has). If the transaction then fails, its rollback undid the work too, so the work is
 * owed again: a call that goes on to commit another change (having caught the failure) still does it.
 */
async function takingOwedWork<T>(
  state: Owed,
  run: (take: (trx: Transaction<Database>, value: unknown) => Promise<void>) => Promise<T>,
): Promise<T> {
  let isTaken = false;
  try {
    return await run(async (trx, value) => {
      if (state.isDone) return;
      state.isDone = true;
      isTaken = true;
      await state.work(trx, value);
    });
  } catch (error) {
    if (isTaken) state.isDone = false;
    throw error;
  }
}

type Builder = ReturnType<Kysely<Database>['transaction']>;

function wrapBuilder(builder: Builder): Builder {
  return new Proxy(builder, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return <R>(work: (trx: Transaction<Database>) => Promise<R>) => {
          const state = owed.getStore();
          if (!state || state.isDone) return target.execute(work);
          return takingOwedWork(state, (take) =>
            target.execute(async (trx) => {
              const changes = new ChangedRowsDetector();
              const value = await work(trx.withPlugin(changes));
              if (changes.hasChanged) await take(trx, value);
              return value;
            }),
          );
        };
      }
      const member = Reflect.get(target, property, receiver);
      if (property === 'setIsolationLevel' || property === 'setAccessMode') {
        return (...args: unknown[]) =>
          wrapBuilder((member as (...a: unknown[]) => Builder).apply(target, args));
      }
      return typeof member === 'function' ? member.bind(target) : member;
    },
  });
}
