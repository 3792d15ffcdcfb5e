import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Migration 0024's tables, kept beside the feature and joined with `withTables`. */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  company_id: string;
  application_id: string;
  url: string;
  event_types: string[];
  enabled: Generated<boolean>;
  paused_reason: ColumnType<string | null, string | null | undefined, string | null>;
  secret_sealed: string;
  previous_secret_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  previous_secret_expires_at: OptionalTimestamp;
  failing_since: OptionalTimestamp;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  company_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  is_test: Generated<boolean>;
  payload: string;
  status: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: OptionalTimestamp;
  window_started_at: Timestamp;
  last_attempt_at: OptionalTimestamp;
  last_status_code: ColumnType<number | null, number | null | undefined, number | null>;
  delivered_at: OptionalTimestamp;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  company_id: string;
  attempted_at: Timestamp;
  status_code: number | null;
  error: string | null;
  latency_ms: number;
  response_excerpt: string | null;
}

export type WebhookTables = {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
};
export type WebhooksDb = Kysely<Database & WebhookTables>;
export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export function withWebhookTables(db: Db): WebhooksDb {
  return db.withTables<WebhookTables>();
}
