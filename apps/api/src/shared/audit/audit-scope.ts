import {
  isOwedWorkDone,
  owedContext,
  runOwingFirstCommit,
  runWithoutOwed,
} from '../../db/before-first-commit';
import type { Db } from '../../db/database';
import { appendAuditEvent } from './append-audit-event';
import { toAuditChanges } from './audit-changes';
import type { AuditDraft, AuditTargetKind } from './audit-event';

/**
 * The event a state-changing call owes, while the call runs. The guard opens it (`runAudited`); the
 * first transaction the call commits appends it (`db/before-first-commit.ts`), so the event commits
 * or rolls back with the change. A handler adds what only it knows (`noteAudit`): a visitor's company,
 * a created id, the old values of the recorded fields (and the new ones, where the request alone does
 * not say what was stored). Only the fields that changed are recorded (audit-changes.ts).
 */
class PendingAudit {
  draft: AuditDraft;
  /** Fields to record: `new` from the request (or `next`), `old` from what the handler noted. */
  fields: readonly string[];
  /** Fields of what a deletion removed: `old` alone, from what the handler noted. */
  removedFields: readonly string[];
  input: Record<string, unknown>;
  /** Targets read from what the call answers: kind -> key of the answer (or of the transaction's value). */
  responseTargets: Partial<Record<AuditTargetKind, string>>;
  previous: Record<string, unknown> = {};
  next: Record<string, unknown> = {};
  now: () => Date;

  constructor(call: AuditedCall) {
    this.draft = call.draft;
    this.fields = call.fields;
    this.removedFields = call.removedFields ?? [];
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
  /** What a deletion records of what it removed (removed-fields.ts); none when absent. */
  removedFields?: readonly string[];
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

/**
 * What only the handler knows: the company (public calls), targets, the recorded fields' old values
 * (`previous`, read in the change's transaction before the change), and their new values where the
 * request alone does not say what was stored (`next`: a default filled in, a set in its stored order).
 */
export function noteAudit(note: {
  companyId?: string;
  targets?: Partial<Record<AuditTargetKind, string | null | undefined>>;
  previous?: Record<string, unknown>;
  next?: Record<string, unknown>;
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
  Object.assign(pending.next, note.next);
}

/**
 * Runs writes of the call that are not the change it records (a sign-in step's attempt counters, its
 * session, its own sign-in event): none of their transactions carries the call's pending event, which
 * stays owed to the change's own.
 */
export function outsideAudit<T>(run: () => Promise<T>): Promise<T> {
  return runWithoutOwed(run);
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
  draft.changes = toAuditChanges(pending);
  return draft;
}

function readKey(value: unknown, key: string): string | null {
  if (value === null || typeof value !== 'object') return null;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' ? found : null;
}
