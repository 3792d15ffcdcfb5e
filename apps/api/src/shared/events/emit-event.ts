import type { EventType } from '@caudal/contract';
import { sql } from 'kysely';
import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { randomToken } from '../secure-tokens';
import { EVENTS_CHANNEL, signalEventsCommitted } from './events-signal';

export interface EventDraft {
  companyId: string;
  type: EventType;
  /** Company-scoped ids and states only (credentials_token, link id, export id): no personal data. */
  data: Record<string, unknown>;
}

/**
 * Writes one event to the company's outbox inside the caller's transaction (`trx`), so the event
 * commits or rolls back with the change that caused it. Delivery (webhooks) and the events feed read
 * the outbox afterwards; nothing here waits on a receiver. Answers the event's id (`evt_…`, 128 bits).
 *
 * The same statement notifies `EVENTS_CHANNEL` (delivered at commit, so other instances' dispatchers
 * wake only for committed events), and this process's dispatcher is signalled once the transaction
 * has committed: no instance needs to poll the outbox (decision 0041).
 */
export async function emitEvent(trx: Db, draft: EventDraft, now: Date): Promise<string> {
  const id = `evt_${randomToken(16)}`;
  await sql`
    with inserted as (
      insert into events (id, company_id, type, occurred_at, data)
      values (${id}, ${draft.companyId}, ${draft.type}, ${now}, ${JSON.stringify(draft.data)}::jsonb)
      returning id
    )
    select pg_notify(${EVENTS_CHANNEL}, '') from inserted
  `.execute(trx);
  await afterCommit(trx, signalEventsCommitted);
  return id;
}
