import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The job priority of one delivery sent outside the dispatcher (a test event, a replay, a retry, a lost
 * job sent again), ranked as `dispatchEvents` ranks its own: minus the company's other pending
 * deliveries. pg-boss takes the highest priority first, so a company's first delivery goes before the
 * hundredth of a company flooding its own endpoint, whichever came first. Reads one company's pending
 * deliveries through their partial index (migration 0029).
 */
export async function findDeliveryPriority(db: Db, deliveryId: string): Promise<number> {
  // Counted no further than the cap: a retry of a flooding company is behind a long backlog either way,
  // and each of its retries would otherwise count the whole backlog again.
  const { rows } = await sql<{ ahead: number }>`
    select count(*)::int as ahead
    from (
      select 1 from webhook_deliveries
      where status = 'pending' and id <> ${deliveryId}
        and company_id = (select company_id from webhook_deliveries where id = ${deliveryId})
      limit ${DELIVERY_BACKLOG_CAP}
    ) ahead`.execute(db);
  return 0 - (rows[0]?.ahead ?? 0);
}

/** How far a company's pending backlog is counted for a delivery's place (as mail's MAIL_BACKLOG_CAP). */
export const DELIVERY_BACKLOG_CAP = 10_000;
