import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { type AuditDraft, chainKeyOf, GENESIS_HASH, type HashedFields, hashAuditEvent } from './audit-event';

/**
 * Appends one event to its company's chain, inside the caller's transaction (`trx`): the event commits
 * or rolls back with the change it records. The per-company advisory lock orders one company's writers
 * so each event carries its predecessor's hash; other companies take other locks and never wait.
 */
export async function appendAuditEvent(trx: Db, draft: AuditDraft, now: Date): Promise<void> {
  const key = chainKeyOf(draft.companyId);
  await sql`select pg_advisory_xact_lock(hashtextextended(${`audit:${key}`}, 0))`.execute(trx);
  const previous = await findChainTail(trx, draft.companyId);
  const fields: HashedFields = {
    company_id: draft.companyId,
    seq: (BigInt(previous.seq) + 1n).toString(),
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
    previous_hash: previous.hash,
  };
  await trx
    .insertInto('audit_events')
    .values({ ...fields, changes: JSON.stringify(draft.changes), hash: hashAuditEvent(fields) })
    .execute();
}

/** Appends an event in a transaction of its own (sign-ins, logouts: nothing else changes with them). */
export function appendAuditEventAlone(db: Db, draft: AuditDraft, now: Date): Promise<void> {
  return db.transaction().execute((trx) => appendAuditEvent(trx, draft, now));
}

async function findChainTail(trx: Db, companyId: string | null): Promise<{ seq: string; hash: string }> {
  const last = await trx
    .selectFrom('audit_events')
    .select(['seq', 'hash'])
    .where((eb) => (companyId === null ? eb('company_id', 'is', null) : eb('company_id', '=', companyId)))
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last) return { seq: String(last.seq), hash: last.hash };
  const head = await trx
    .selectFrom('audit_chain_heads')
    .select(['purged_through_seq', 'purged_through_hash'])
    .where('company_key', '=', chainKeyOf(companyId))
    .executeTakeFirst();
  return head
    ? { seq: String(head.purged_through_seq), hash: head.purged_through_hash }
    : { seq: '0', hash: GENESIS_HASH };
}
