import { sql } from 'kysely';
import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { executeWithCommit } from '../../db/sent-with-commit';
import { type AuditDraft, chainKeyOf } from './audit-event';
import { signalAuditCommitted } from './audit-signal';

/**
 * Appends one event inside the caller's transaction (`trx`): the event commits or rolls back with the
 * change it records, so a refused or failed call writes none and nothing committed lacks its event.
 *
 * The write takes no lock and hashes nothing (decision 0049): it inserts the event and its marker in
 * `audit_unsealed`, one statement sent in the same message as the COMMIT (db/sent-with-commit.ts,
 * decision 0043: no extra round trip). The sealer (audit-sealer.ts) chains committed events afterwards,
 * per company; this process's sealer is woken once the transaction has committed.
 */
export async function appendAuditEvent(trx: Db, draft: AuditDraft, now: Date): Promise<void> {
  await executeWithCommit(
    trx,
    sql`
    with event as (
      insert into audit_events (
        company_id, occurred_at, kind, action, actor_kind, actor_id, actor_name,
        target_client_id, target_credential_id, target_link_id, target_application_id, target_user_id,
        ip, user_agent, request_id, changes
      ) values (
        ${draft.companyId}::uuid, ${now}::timestamptz, ${draft.kind}, ${draft.action},
        ${draft.actor.kind}, ${draft.actor.id}, ${draft.actor.name},
        ${draft.targets.client ?? null}, ${draft.targets.credential ?? null}, ${draft.targets.link ?? null},
        ${draft.targets.application ?? null}, ${draft.targets.user ?? null},
        ${draft.ip}, ${draft.userAgent?.slice(0, 512) ?? null}, ${draft.requestId},
        ${JSON.stringify(draft.changes)}::jsonb
      )
      returning position
    )
    insert into audit_unsealed (position, company_key)
    select position, ${chainKeyOf(draft.companyId)} from event
  `,
  );
  afterCommit(signalAuditCommitted);
}

/** Appends an event in a transaction of its own (sign-ins, logouts: nothing else changes with them). */
export function appendAuditEventAlone(db: Db, draft: AuditDraft, now: Date): Promise<void> {
  return db.transaction().execute((trx) => appendAuditEvent(trx, draft, now));
}
