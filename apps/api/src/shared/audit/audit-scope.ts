import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../../db/database';
import { appendAuditEvent } from './append-audit-event';
import type { AuditDraft, AuditTargetKind } from './audit-event';

/**
 * The event a state-changing call owes, while the call runs. The guard opens it (`runAudited`); the
 * first transaction the call commits appends it (see `hookAuditIntoTransactions`), so the event commits
 * or rolls back with the change. A handler adds what only it knows (`noteAudit`): a visitor's company,
 * a created id, the old values of the recorded fields.
 */
interface PendingAudit {
  draft: AuditDraft;
  /** Fields to record: `new` from the request, `old` from what the handler noted. */
  fields: readonly string[];
  input: Record<string, unknown>;
  /** Targets read from what the call answers: kind -> key of the answer (or of the transaction's value). */
  responseTargets: Partial<Record<AuditTargetKind, string>>;
  previous: Record<string, unknown>;
  appended: boolean;
  now: () => Date;
}

const scope = new AsyncLocalStorage<PendingAudit>();

export interface AuditedCall {
  draft: AuditDraft;
  fields: readonly string[];
  input: Record<string, unknown>;
  responseTargets: Partial<Record<AuditTargetKind, string>>;
  now: () => Date;
}

/**
 * Runs a state-changing call with its pending event. When the call answers without having committed a
 * transaction of its own, the event is appended in one after it (a call that changes nothing in the
 * database, such as queuing a job).
 */
export async function runAudited<T>(db: Db, call: AuditedCall, run: () => Promise<T>): Promise<T> {
  const pending: PendingAudit = { ...call, previous: {}, appended: false };
  const result = await scope.run(pending, run);
  if (!pending.appended) {
    pending.appended = true;
    await scope.exit(() =>
      db.transaction().execute((trx) => appendAuditEvent(trx, finalDraft(pending, result), pending.now())),
    );
  }
  return result;
}

/** What only the handler knows: the company (public calls), targets, old values of recorded fields. */
export function noteAudit(note: {
  companyId?: string;
  targets?: Partial<Record<AuditTargetKind, string | null | undefined>>;
  previous?: Record<string, unknown>;
  actor?: AuditDraft['actor'];
}): void {
  const pending = scope.getStore();
  if (!pending || pending.appended) return;
  if (note.companyId) pending.draft.companyId = note.companyId;
  if (note.actor) pending.draft.actor = note.actor;
  for (const [kind, id] of Object.entries(note.targets ?? {})) {
    if (id) pending.draft.targets[kind as AuditTargetKind] = id;
  }
  Object.assign(pending.previous, note.previous);
}

/** Whether the running call owes an event not yet written (so a handler reads old values only then). */
export function isAuditing(): boolean {
  const pending = scope.getStore();
  return pending !== undefined && !pending.appended;
}

/**
 * Makes every transaction of `db` append the pending event of the call it runs for, just before it
 * commits. Installed once where the database opens, so every path (handlers, feature domain functions
 * that take `deps`, the operator commands) is covered without each one remembering.
 */
export function hookAuditIntoTransactions(db: Db): Db {
  const open = db.transaction.bind(db);
  db.transaction = () => wrapBuilder(open());
  return db;
}

type Builder = ReturnType<Db['transaction']>;

function wrapBuilder(builder: Builder): Builder {
  return new Proxy(builder, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return <R>(work: (trx: Parameters<Parameters<Builder['execute']>[0]>[0]) => Promise<R>) =>
          target.execute(async (trx) => {
            const value = await work(trx);
            const pending = scope.getStore();
            if (pending && !pending.appended) {
              pending.appended = true;
              await appendAuditEvent(trx, finalDraft(pending, value), pending.now());
            }
            return value;
          });
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

function finalDraft(pending: PendingAudit, value: unknown): AuditDraft {
  const draft = { ...pending.draft, targets: { ...pending.draft.targets } };
  for (const [kind, key] of Object.entries(pending.responseTargets)) {
    const found = readKey(value, key);
    if (found && !draft.targets[kind as AuditTargetKind]) draft.targets[kind as AuditTargetKind] = found;
  }
  const changes: AuditDraft['changes'] = {};
  for (const field of pending.fields) {
    const change: { old?: unknown; new?: unknown } = {};
    if (field in pending.previous) change.old = pending.previous[field] ?? null;
    if (field in pending.input) change.new = pending.input[field] ?? null;
    if ('old' in change || 'new' in change) changes[field] = change;
  }
  draft.changes = changes;
  return draft;
}

function readKey(value: unknown, key: string): string | null {
  if (value === null || typeof value !== 'object') return null;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' ? found : null;
}
