import type { EventType } from '@caudal/contract';
import type { Db } from '../../db/database';
import { randomToken } from '../secure-tokens';

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
 */
export async function emitEvent(trx: Db, draft: EventDraft, now: Date): Promise<string> {
  const id = `evt_${randomToken(16)}`;
  await trx
    .insertInto('events')
    .values({
      id,
      company_id: draft.companyId,
      type: draft.type,
      occurred_at: now,
      data: JSON.stringify(draft.data),
    })
    .execute();
  return id;
}
