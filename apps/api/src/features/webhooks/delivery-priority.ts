import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A delivery's company and endpoint, and its place in the job queue (pg-boss `priority`: higher first). */
export interface DeliveryTurn {
  companyId: string;
  endpointId: string;
  priority: number;
}

/**
 * The turn of one delivery sent outside the dispatcher (a test event, a replay, a retry, a lost job sent
 * again, a delivery sent back while its company had its share of the slots in flight), ranked as
 * `dispatchEvents` ranks its own: minus the company's other pending deliveries. pg-boss takes the
 * highest priority first, so a company's first delivery goes before the hundredth of a company flooding
 * its own endpoint, whichever came first. Reads one company's pending deliveries through their partial
 * index (migration 0029). Null when the delivery is gone (its company was deleted).
 */
export async function findDeliveryTurn(db: Db, deliveryId: string): Promise<DeliveryTurn | null> {
  // Counted no further than the cap: a retry of a flooding company is behind a long backlog either way,
  // and each of its retries would otherwise count the whole backlog again.
  const { rows } = await sql<{ company_id: string; endpoint_id: string; ahead: number }>`
    select d.company_id, d.endpoint_id, (
      select count(*)::int from (
        select 1 from webhook_deliveries
        where status = 'pending' and id <> d.id and company_id = d.company_id
        limit ${DELIVERY_BACKLOG_CAP}
      ) ahead
    ) as ahead
    from webhook_deliveries d
    where d.id = ${deliveryId}`.execute(db);
  const row = rows[0];
  return row ? { companyId: row.company_id, endpointId: row.endpoint_id, priority: 0 - row.ahead } : null;
}

/** How far a company's pending backlog is counted for a delivery's place (as mail's MAIL_BACKLOG_CAP). */
export const DELIVERY_BACKLOG_CAP = 10_000;
