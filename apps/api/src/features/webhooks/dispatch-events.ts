import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withWebhookTables } from './webhooks-tables';

/** Events a company may have claimed in one pass: the rest of the pass goes to the other companies. */
export const DISPATCH_PER_COMPANY = 50;
/** Companies served in one pass, those whose oldest waiting event is the oldest first. */
const DISPATCH_COMPANIES = 8;

/** A delivery just written, and its place in the job queue (pg-boss `priority`: higher goes first). */
export interface DispatchedDelivery {
  id: string;
  companyId: string;
  endpointId: string;
  priority: number;
}

/** One pass: how many events it took from the outbox (0: none waits), and the deliveries written. */
export interface DispatchPass {
  eventCount: number;
  deliveries: DispatchedDelivery[];
}

interface ClaimedEvent {
  id: string;
  company_id: string;
  type: string;
  occurred_at: Date | string;
  data: unknown;
}

/**
 * The outbox's fan-out: claims events not yet dispatched, writes one delivery per enabled endpoint of
 * the event's company that subscribed to its type, and marks the events dispatched, in one transaction.
 * Every type in the outbox goes the same way: nothing here knows one type from another. Answers the
 * deliveries created, for the caller to queue once this has committed.
 *
 * Fair across companies: a pass takes up to `DISPATCH_PER_COMPANY` events from each of the companies
 * whose oldest waiting event is the oldest (`FOR UPDATE SKIP LOCKED`: instances share the work and
 * never take the same event). Each delivery's priority is minus its rank in its company's pending
 * backlog, so the job queue serves companies in turn: one company's ten-thousandth delivery waits
 * behind another company's first, not the other way round.
 */
export async function dispatchEvents(db: Db, now: Date): Promise<DispatchPass> {
  return db.transaction().execute(async (trx) => {
    const w = withWebhookTables(trx);
    const claimed = await sql<ClaimedEvent>`
      select e.id, e.company_id, e.type, e.occurred_at, e.data
      from (
        select company_id, min(occurred_at) as oldest
        from events
        where dispatched_at is null
        group by company_id
        order by oldest
        limit ${DISPATCH_COMPANIES}
      ) waiting
      cross join lateral (
        select id, company_id, type, occurred_at, data
        from events
        where company_id = waiting.company_id and dispatched_at is null
        order by occurred_at, id
        limit ${DISPATCH_PER_COMPANY}
        for update skip locked
      ) e
      order by waiting.oldest, e.occurred_at, e.id
    `.execute(trx);
    const events = claimed.rows;
    if (events.length === 0) return { eventCount: 0, deliveries: [] };
    const companies = [...new Set(events.map((event) => event.company_id))];
    // A company that is off or lost the applications module fans out to nobody: its events are marked
    // dispatched with no delivery, as for a company with no endpoint.
    const endpoints = await w
      .selectFrom('webhook_endpoints')
      .innerJoin('companies', 'companies.id', 'webhook_endpoints.company_id')
      .select(['webhook_endpoints.id', 'webhook_endpoints.company_id', 'webhook_endpoints.event_types'])
      .where('webhook_endpoints.company_id', 'in', companies)
      .where('webhook_endpoints.enabled', '=', true)
      .where('companies.disabled_at', 'is', null)
      .where(sql<boolean>`'applications' = any(companies.modules)`)
      .execute();
    const deliveries = events.flatMap((event) =>
      endpoints
        .filter(
          (endpoint) => endpoint.company_id === event.company_id && endpoint.event_types.includes(event.type),
        )
        .map((endpoint) => ({
          company_id: event.company_id,
          endpoint_id: endpoint.id,
          event_id: event.id,
          event_type: event.type,
          payload: JSON.stringify({
            id: event.id,
            type: event.type,
            timestamp: new Date(event.occurred_at).toISOString(),
            data: event.data,
          }),
          next_attempt_at: now,
          window_started_at: now,
          created_at: now,
        })),
    );
    const backlog = deliveries.length === 0 ? new Map<string, number>() : await countPending(trx, companies);
    const created =
      deliveries.length === 0
        ? []
        : await w
            .insertInto('webhook_deliveries')
            .values(deliveries)
            .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
            .returning(['id', 'company_id', 'endpoint_id'])
            .execute();
    await w
      .updateTable('events')
      .set({ dispatched_at: now })
      .where(
        'id',
        'in',
        events.map((event) => event.id),
      )
      .execute();
    // Ranks continue each company's backlog (counted before these rows), in the order they were written.
    const ranks = new Map(backlog);
    const dispatched = created.map((row) => {
      const rank = ranks.get(row.company_id) ?? 0;
      ranks.set(row.company_id, rank + 1);
      return { id: row.id, companyId: row.company_id, endpointId: row.endpoint_id, priority: -rank };
    });
    return { eventCount: events.length, deliveries: dispatched };
  });
}

async function countPending(trx: Db, companies: string[]): Promise<Map<string, number>> {
  const rows = await withWebhookTables(trx)
    .selectFrom('webhook_deliveries')
    .select(['company_id', (eb) => eb.fn.countAll<string>().as('pending')])
    .where('company_id', 'in', companies)
    .where('status', '=', 'pending')
    .groupBy('company_id')
    .execute();
  return new Map(rows.map((row) => [row.company_id, Number(row.pending)]));
}
