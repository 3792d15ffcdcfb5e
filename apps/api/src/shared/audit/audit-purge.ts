import { sql } from 'kysely';
import type { PurgeTask } from '../housekeeping/housekeeping';
import { chainKeyOf } from './audit-event';

/**
 * The one path (`AUDIT_RETENTION_DAYS`, validated with the rest of the config) that deletes events.
 * Per company, the chain is cut at the last sealed event older than the retention: every event sealed
 * up to it goes with its seal, and the chain head's boundary moves to it, so `audit verify` starts
 * there (decision 0049). Events not sealed yet are left for the sealer, and purged on a later run.
 */
export function auditPurgeTask(retentionDays: number): PurgeTask {
  return {
    name: 'audit_events',
    purge: async (db, now) => {
      const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
      // The time BRIN finds the old events; their seals say where each company's chain is cut.
      const cuts = await sql<{ company_key: string; through: string }>`
        select s.company_key, max(s.seq)::text as through
        from audit_events e join audit_seals s on s.position = e.position
        where e.occurred_at < ${cutoff}::timestamptz
        group by s.company_key
      `.execute(db);
      let purged = 0;
      for (const cut of cuts.rows) {
        const companyId = cut.company_key === chainKeyOf(null) ? null : cut.company_key;
        purged += await db.transaction().execute(async (trx) => {
          const seals = await sql<{ position: string; seq: string; hash: string }>`
            delete from audit_seals where company_key = ${cut.company_key} and seq <= ${cut.through}::bigint
            returning position, seq, hash
          `.execute(trx);
          const last = seals.rows.reduce<(typeof seals.rows)[number] | null>(
            (found, row) => (found === null || BigInt(row.seq) > BigInt(found.seq) ? row : found),
            null,
          );
          if (!last) return 0;
          const events = await sql`
            delete from audit_events
            where ${companyId === null ? sql`company_id is null` : sql`company_id = ${companyId}::uuid`}
              and position = any(${seals.rows.map((row) => row.position)}::bigint[])
          `.execute(trx);
          await trx
            .updateTable('audit_chain_heads')
            .set({ purged_through_seq: last.seq, purged_through_hash: last.hash })
            .where('company_key', '=', cut.company_key)
            .where('purged_through_seq', '<', last.seq)
            .execute();
          return Number(events.numAffectedRows ?? 0n);
        });
      }
      return purged;
    },
  };
}
