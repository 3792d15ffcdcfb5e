import type { Kysely, Transaction } from 'kysely';
import { ChangedRowsDetector } from './changed-rows';
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
  const result = await owed.run(state, run);
  return { result, isDone: state.isDone };
}

/**
 * The `context` the running call passed to `runOwingFirstCommit`. One async context carries both, since
 * on Node 20 each AsyncLocalStorage in use adds its own step to every promise the process creates.
 */
export function owedContext(): unknown {
  return owed.getStore()?.context;
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
  const open = db.transaction.bind(db);
  db.transaction = () => wrapBuilder(open());
  return db;
}

type Builder = ReturnType<Kysely<Database>['transaction']>;

function wrapBuilder(builder: Builder): Builder {
  return new Proxy(builder, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return <R>(work: (trx: Transaction<Database>) => Promise<R>) => {
          const state = owed.getStore();
          if (!state || state.isDone) return target.execute(work);
          return target.execute(async (trx) => {
            const changes = new ChangedRowsDetector();
            const value = await work(trx.withPlugin(changes));
            // Another transaction of the call may have taken the work while this one ran.
            if (changes.hasChanged && !state.isDone) {
              state.isDone = true;
              await state.work(trx, value);
            }
            return value;
          });
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
