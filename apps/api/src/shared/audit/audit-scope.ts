import {
  isOwedWorkDone,
  owedContext,
  runOwingFirstCommit,
  runWithoutOwed,
} from '../../db/before-first-commit';
import type { Db } from '../../db/database';
import { appendAuditEvent } from './append-audit-event';
import type { AuditDraft, AuditTargetKind } from './audit-event';

/**
 * The event a state-changing call owes, while the call runs. The guard opens it (`runAudited`); the
 * first transaction the call commits appends it (`db/before-first-commit.ts`), so the event commits
 * or rolls back with the change. A handler adds what only it knows (`noteAudit`): a visitor's company,
 * a created id, the old values of the recorded fields.
 */
class PendingAudit {
  draft: AuditDraft;
  /** Fields to record: `new` from the request, `old` from what the handler noted. */
  fields: readonly string[];
  input: Record<string, unknown>;
  /** Targets read from what the call answers: kind -> key of the answer (or of the transaction's value). */
  responseTargets: Partial<Record<AuditTargetKind, string>>;
  previous: Record<string, unknown> = {};
  now: () => Date;

  constructor(call: AuditedCall) {
    this.draft = call.draft;
    this.fields = call.fields;
    this.input = call.input;
    this.responseTargets = call.responseTargets;
    this.now = call.now;
  }
}

/** The running call's pending event, kept in the owed work's own context (before-first-commit.ts). */
function currentAudit(): PendingAudit | undefined {
  const context = owedContext();
  return context instanceof PendingAudit ? context : undefined;
}

export interface AuditedCall {
  draft: AuditDraft;
  fields: readonly string[];
  input: Record<string, unknown>;
  responseTargets: Partial<Record<AuditTargetKind, string>>;
  now: () => Date;
}

/**
 * Runs a state-changing call with its pending event, appended by the first transaction the call commits
 * (`db/before-first-commit.ts`). When the call answers without having committed a transaction of its
 * own, the event is appended in one after it (a call that changes nothing in the database, such as
 * queuing a job).
 */
export async function runAudited<T>(db: Db, call: AuditedCall, run: () => Promise<T>): Promise<T> {
  const pending = new PendingAudit(call);
  // Once per call: the owed work is given to one transaction at a time (db/before-first-commit.ts).
  const append = (trx: Db, value: unknown) =>
    appendAuditEvent(trx, finalDraft(pending, value), pending.now());
  const { result, isDone } = await runOwingFirstCommit(append, run, pending);
  if (!isDone) await runWithoutOwed(() => db.transaction().execute((trx) => append(trx, result)));
  return result;
}

/** What only the handler knows: the company (public calls), targets, old values of recorded fields. */
export function noteAudit(note: {
  companyId?: string;
  targets?: Partial<Record<AuditTargetKind, string | null | undefined>>;
  previous?: Record<string, unknown>;
  actor?: AuditDraft['actor'];
}): void {
  const pending = currentAudit();
  if (!pending || isOwedWorkDone()) return;
  if (note.companyId) pending.draft.companyId = note.companyId;
  if (note.actor) pending.draft.actor = note.actor;
  for (const [kind, id] of Object.entries(note.targets ?? {})) {
    if (id) pending.draft.targets[kind as AuditTargetKind] = id;
  }
  Object.assign(pending.previous, note.previous);
}

/** Whether the running call owes an event not yet written (so a handler reads old values only then). */
export function isAuditing(): boolean {
  return currentAudit() !== undefined && !isOwedWorkDone();
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
