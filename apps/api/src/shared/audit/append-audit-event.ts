import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { type DeferredStatement, executeWithCommit } from '../../db/sent-with-commit';
import { type AuditDraft, type ContentFields, chainKeyOf, digestAuditContent } from './audit-event';
import { signalAuditCommitted } from './audit-signal';

/** The event and its marker (with the event's digest), one statement, prepared once per session. */
const APPEND_EVENT: DeferredStatement = {
  name: 'caudal_append_audit_event',
  sql: `with event as (
    insert into audit_events (
      company_id, occurred_at, kind, action, actor_kind, actor_id, actor_name,
      target_client_id, target_credential_id, target_link_id, target_application_id, target_user_id,
      ip, user_agent, request_id, changes
    ) values ($1::uuid, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb)
    returning position
  )
  insert into audit_unsealed (position, company_key, content_digest) select position, $17::text, $18::text from event`,
};

/**
 * Appends one event inside the caller's transaction (`trx`): the event commits or rolls back with the
 * change it records, so a refused or failed call writes none and nothing committed lacks its event.
 *
 * The write takes no lock and chains nothing (decision 0049): one prepared statement, sent in the same
 * message as the COMMIT (db/sent-with-commit.ts, decision 0043: no extra round trip), inserts the event
 * and its marker in `audit_unsealed`, which carries the event's content digest (migration 0038: the
 * sealer never reads the event back). The sealer (audit-sealer.ts) chains committed events afterwards,
 * per company; this process's sealer is woken once the transaction has committed.
 */
export async function appendAuditEvent(trx: Db, draft: AuditDraft, now: Date): Promise<void> {
  const content = toStoredContent(draft, now);
  const changes = JSON.stringify(draft.changes);
  await executeWithCommit(trx, APPEND_EVENT, [
    content.company_id,
    content.occurred_at,
    content.kind,
    content.action,
    content.actor_kind,
    content.actor_id,
    content.actor_name,
    content.target_client_id,
    content.target_credential_id,
    content.target_link_id,
    content.target_application_id,
    content.target_user_id,
    content.ip,
    content.user_agent,
    content.request_id,
    changes,
    chainKeyOf(draft.companyId),
    // The sealer chains this digest; verify recomputes it from the row as stored, hence the same
    // values the database will answer: the changes as their JSON reads back.
    digestAuditContent({ ...content, changes: JSON.parse(changes) }),
  ]);
  await afterCommit(trx, signalAuditCommitted);
}

/** The event's values as its row stores them (the company id as PostgreSQL writes a uuid). */
function toStoredContent(draft: AuditDraft, now: Date): Omit<ContentFields, 'changes'> {
  return {
    company_id: draft.companyId?.toLowerCase() ?? null,
    occurred_at: now,
    kind: draft.kind,
    action: draft.action,
    actor_kind: draft.actor.kind,
    actor_id: draft.actor.id,
    actor_name: draft.actor.name,
    target_client_id: draft.targets.client ?? null,
    target_credential_id: draft.targets.credential ?? null,
    target_link_id: draft.targets.link ?? null,
    target_application_id: draft.targets.application ?? null,
    target_user_id: draft.targets.user ?? null,
    ip: draft.ip,
    user_agent: draft.userAgent?.slice(0, 512) ?? null,
    request_id: draft.requestId,
  };
}

/** Appends an event in a transaction of its own (sign-ins, logouts: nothing else changes with them). */
export function appendAuditEventAlone(db: Db, draft: AuditDraft, now: Date): Promise<void> {
  return db.transaction().execute((trx) => appendAuditEvent(trx, draft, now));
}
