import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { executeWithCommit } from '../../db/sent-with-commit';
import {
  type AuditDraft,
  type ContentFields,
  CURRENT_HASH_VERSION,
  chainKeyOf,
  digestAuditContent,
  GENESIS_HASH,
} from './audit-event';

/**
 * Appends one event to its company's chain, inside the caller's transaction (`trx`): the event commits
 * or rolls back with the change it records.
 *
 * One statement (decision 0036): it claims the company's chain head row (`insert … on conflict do
 * update … returning`: the row lock orders one company's writers, and the row holds the tail, so no
 * lookup of the last event), links the hash there, and inserts the event. The event's own digest is
 * computed before, so nothing is hashed in Node while the head is held. The statement is sent in the
 * same message as the transaction's COMMIT (db/sent-with-commit.ts, decision 0043): the head is locked
 * from the statement to the end of the commit, inside the database, with no round trip to the API in
 * between. Other companies claim other rows and never wait.
 */
export async function appendAuditEvent(trx: Db, draft: AuditDraft, now: Date): Promise<void> {
  const content: ContentFields = {
    company_id: draft.companyId,
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
    changes: draft.changes,
  };
  const digest = digestAuditContent(content);
  // sha256(digest ':' seq ':' previous hash), as linkAuditHash computes it for `audit verify`.
  const link = (seq: unknown, previous: unknown) =>
    sql`encode(sha256(convert_to(${digest} || ':' || (${seq})::text || ':' || ${previous}, 'UTF8')), 'hex')`;
  await executeWithCommit(
    trx,
    sql`
    with head as (
      insert into audit_chain_heads as h
        (company_key, purged_through_seq, purged_through_hash, last_seq, prior_hash, last_hash)
      values (${chainKeyOf(draft.companyId)}, 0, ${GENESIS_HASH}, 1, ${GENESIS_HASH}, ${link(1, GENESIS_HASH)})
      on conflict (company_key) do update set
        last_seq = h.last_seq + 1,
        prior_hash = h.last_hash,
        last_hash = ${link(sql`h.last_seq + 1`, sql`h.last_hash`)}
      returning h.last_seq, h.prior_hash, h.last_hash
    )
    insert into audit_events (
      company_id, seq, occurred_at, kind, action, actor_kind, actor_id, actor_name,
      target_client_id, target_credential_id, target_link_id, target_application_id, target_user_id,
      ip, user_agent, request_id, changes, previous_hash, hash, hash_version
    )
    select
      ${content.company_id}::uuid, head.last_seq, ${now}::timestamptz, ${content.kind}, ${content.action},
      ${content.actor_kind}, ${content.actor_id}, ${content.actor_name},
      ${content.target_client_id}, ${content.target_credential_id}, ${content.target_link_id},
      ${content.target_application_id}, ${content.target_user_id},
      ${content.ip}, ${content.user_agent}, ${content.request_id}, ${JSON.stringify(content.changes)}::jsonb,
      head.prior_hash, head.last_hash, ${CURRENT_HASH_VERSION}
    from head
  `,
  );
}

/** Appends an event in a transaction of its own (sign-ins, logouts: nothing else changes with them). */
export function appendAuditEventAlone(db: Db, draft: AuditDraft, now: Date): Promise<void> {
  return db.transaction().execute((trx) => appendAuditEvent(trx, draft, now));
}
