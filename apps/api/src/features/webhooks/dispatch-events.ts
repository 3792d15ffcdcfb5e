import type { Db } from '../../db/database';
import { withWebhookTables } from './webhooks-tables';

/**
 * The outbox's fan-out: claims events not yet dispatched (oldest first, `FOR UPDATE SKIP LOCKED`, so
 * instances share the work and never take the same event), writes one delivery per enabled endpoint of
 * the event's company that subscribed to its type, and marks the events dispatched, in one transaction.
 * Every type in the outbox goes the same way: nothing here knows one type from another. Answers the
 * deliveries created, for the caller to queue once this has committed.
 */
export async function dispatchEvents(db: Db, now: Date, limit = 200): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const w = withWebhookTables(trx);
    const events = await w
      .selectFrom('events')
      .select(['id', 'company_id', 'type', 'occurred_at', 'data'])
      .where('dispatched_at', 'is', null)
      .orderBy('occurred_at')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (events.length === 0) return [];
    const companies = [...new Set(events.map((event) => event.company_id))];
    const endpoints = await w
      .selectFrom('webhook_endpoints')
      .select(['id', 'company_id', 'event_types'])
      .where('company_id', 'in', companies)
      .where('enabled', '=', true)
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
    const created =
      deliveries.length === 0
        ? []
        : await w
            .insertInto('webhook_deliveries')
            .values(deliveries)
            .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
            .returning('id')
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
    return created.map((row) => row.id);
  });
}
