import { sql } from 'kysely';
import type { PurgeTask } from '../housekeeping/housekeeping';

/**
 * The one path (`AUDIT_RETENTION_DAYS`, validated with the rest of the config) that deletes events: those older than the retention, per company, oldest first, and the
 * company's chain head moves to the last one purged, so `audit verify` starts from there.
 */
export function auditPurgeTask(retentionDays: number): PurgeTask {
  return {
    name: 'audit_events',
    purge: async (db, now) => {
      const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
      return db.transaction().execute(async (trx) => {
        const result = await sql<{ count: string }>`
          with purged as (
            delete from audit_events where occurred_at < ${cutoff}::timestamptz
            returning company_id, seq, hash
          ),
          last as (
            select distinct on (company_id) coalesce(company_id::text, 'none') as company_key, seq, hash
            from purged order by company_id, seq desc
          ),
          moved as (
            -- Every chain with events has its head row (the append claims it): only the boundary moves.
            update audit_chain_heads h
              set purged_through_seq = last.seq, purged_through_hash = last.hash
              from last
              where h.company_key = last.company_key and h.purged_through_seq < last.seq
          )
          select count(*)::text as count from purged
        `.execute(trx);
        return Number(result.rows[0]?.count ?? 0);
      });
    },
  };
}
