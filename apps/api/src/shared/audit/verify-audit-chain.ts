import type { Db } from '../../db/database';
import { chainKeyOf, GENESIS_HASH, hashAuditEvent } from './audit-event';

export type ChainVerdict =
  | { ok: true; events: number; from_seq: string }
  | {
      ok: false;
      events: number;
      /** The first event whose stored values no longer give its hash. */
      altered?: { id: string; seq: string; occurred_at: string; action: string };
      /** Events missing before `seq` (a gap in the chain, or a broken link to the previous hash). */
      removed_before?: { id: string; seq: string; occurred_at: string; action: string; missing_seq: string };
    };

const BATCH = 1_000;

/**
 * Recomputes a company's chain from its purge boundary (or its start): each event must hash to its
 * stored hash, carry its predecessor's hash and follow it without a gap. Answers the first break.
 */
export async function verifyAuditChain(db: Db, companyId: string | null): Promise<ChainVerdict> {
  const head = await db
    .selectFrom('audit_chain_heads')
    .select(['purged_through_seq', 'purged_through_hash'])
    .where('company_key', '=', chainKeyOf(companyId))
    .executeTakeFirst();
  let expectedSeq = BigInt(head?.purged_through_seq ?? 0) + 1n;
  const fromSeq = expectedSeq.toString();
  let previousHash = head?.purged_through_hash ?? GENESIS_HASH;
  let events = 0;
  let after = expectedSeq - 1n;
  for (;;) {
    const rows = await db
      .selectFrom('audit_events')
      .selectAll()
      .where((eb) => (companyId === null ? eb('company_id', 'is', null) : eb('company_id', '=', companyId)))
      .where('seq', '>', after.toString())
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
      const recomputed = hashAuditEvent({
        ...row,
        seq: seq.toString(),
        occurred_at: new Date(row.occurred_at),
      });
      if (recomputed !== row.hash) return { ok: false, events, altered: where };
      previousHash = row.hash;
      expectedSeq = seq + 1n;
      events += 1;
    }
    if (rows.length < BATCH) return { ok: true, events, from_seq: fromSeq };
    after = expectedSeq - 1n;
  }
}
