import { WEBHOOK_RETENTION_DAYS } from '@caudal/contract';
import { sql } from 'kysely';
import { deleteInBatches, hoursBefore, type PurgeTask } from '../../shared/housekeeping/housekeeping';

/**
 * The delivery log (attempts go with their delivery) and the outbox keep 14 days: the log's promise
 * and the events feed's window. An event not yet dispatched is never purged.
 */
export const webhooksPurgeTasks: readonly PurgeTask[] = [
  {
    name: 'webhook_deliveries',
    purge: (db, now) =>
      deleteInBatches(
        db,
        'webhook_deliveries',
        sql<boolean>`created_at < ${hoursBefore(now, WEBHOOK_RETENTION_DAYS * 24)}::timestamptz and status <> 'pending'`,
      ),
  },
  {
    name: 'events',
    purge: (db, now) =>
      deleteInBatches(
        db,
        'events',
        sql<boolean>`occurred_at < ${hoursBefore(now, WEBHOOK_RETENTION_DAYS * 24)}::timestamptz and dispatched_at is not null`,
      ),
  },
];
