import type { Db } from '../../db/database';
import { chainKeyOf, hashAuditEvent } from './audit-event';

export type ChainVerdict =
  | { ok: true; events: number; from_seq: string }
  | {
      ok: false;
      events: number;
      /** The first event whose stored values no longer give its hash. */
      altered?: { id: string; seq: string; occurred_at: string; action: string };
      /** Events missing before `seq` (a gap in the chain, or a broken link to the previous hash). */
      removed_before?: { id: string; seq: string; occurred_at: string; action: string; missing_seq: string };
      /** The chain ends before its head says it does: its last events were removed (from `missing_seq`). */
      removed_last?: { missing_seq: string; last_seq: string };
      /** Events exist but the chain's head row is gone (every append writes it). */
      head_missing?: true;
    };

const BATCH = 1_000;

/**
 * Recomputes a company's chain from its purge boundary (or its start) to the head read first: each
 * event must hash to its stored hash (by its hash version), carry its predecessor's hash and follow it
 * without a gap, and the chain must reach the head's seq and hash (else its last events were removed).
 * Events appended while it runs lie past the head read and are left for the next check.
 */
export async function verifyAuditChain(db: Db, companyId: string | null): Promise<ChainVerdict> {
  const head = await db
    .selectFrom('audit_chain_heads')
    .select(['purged_through_seq', 'purged_through_hash', 'last_seq', 'last_hash'])
    .where('company_key', '=', chainKeyOf(companyId))
    .executeTakeFirst();
  if (!head) {
    const any = await db
      .selectFrom('audit_events')
      .select('id')
      .where((eb) => (companyId === null ? eb('company_id', 'is', null) : eb('company_id', '=', companyId)))
      .limit(1)
      .executeTakeFirst();
    return any ? { ok: false, events: 0, head_missing: true } : { ok: true, events: 0, from_seq: '1' };
  }
  const lastSeq = BigInt(head.last_seq);
  let expectedSeq = BigInt(head.purged_through_seq) + 1n;
  const fromSeq = expectedSeq.toString();
  let previousHash = head.purged_through_hash;
  let events = 0;
  let after = expectedSeq - 1n;
  for (;;) {
    const rows = await db
      .selectFrom('audit_events')
      .selectAll()
      .where((eb) => (companyId === null ? eb('company_id', 'is', null) : eb('company_id', '=', companyId)))
      .where('seq', '>', after.toString())
      .where('seq', '<=', lastSeq.toString())
      .orderBy('seq')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const seq = BigInt(row.seq);
      const where = {
        id: row.id,
        seq: seq.toString(),
        occurred_at: new Date(row.occurred_at).toISOString(),
        action: row.action,
      };
      if (seq !== expectedSeq || row.previous_hash !== previousHash) {
        return { ok: false, events, removed_before: { ...where, missing_seq: expectedSeq.toString() } };
      }
      const recomputed = hashAuditEvent(
        { ...row, seq: seq.toString(), occurred_at: new Date(row.occurred_at) },
        row.hash_version,
      );
      if (recomputed !== row.hash) return { ok: false, events, altered: where };
      previousHash = row.hash;
      expectedSeq = seq + 1n;
      events += 1;
    }
    if (rows.length < BATCH) {
      if (expectedSeq - 1n !== lastSeq || previousHash !== head.last_hash) {
        return {
          ok: false,
          events,
          removed_last: { missing_seq: expectedSeq.toString(), last_seq: lastSeq.toString() },
        };
      }
      return { ok: true, events, from_seq: fromSeq };
    }
    after = expectedSeq - 1n;
  }
}
