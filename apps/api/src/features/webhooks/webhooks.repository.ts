import { randomUUID } from 'node:crypto';
import {
  type EventType,
  WEBHOOK_DELIVERY_PAGE_SIZE,
  WEBHOOK_ENDPOINTS_MAX_PER_APPLICATION,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@caudal/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../shared/app-error';
import { noteAudit } from '../../shared/audit/audit-scope';
import type { SecretKey } from '../../shared/crypto/sealing';
import { randomToken } from '../../shared/secure-tokens';
import { generateSigningSecret, sealSigningSecret } from './webhook-secrets';
import { type DeliveryRow, type EndpointRow, withWebhookTables } from './webhooks-tables';

const notFound = () => new AppError('NotFound', 'No such webhook endpoint');
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function toEndpoint(row: EndpointRow, clientId: string, now: Date): WebhookEndpoint {
  const overlapEnds = row.previous_secret_expires_at;
  return {
    id: row.id,
    client_id: clientId,
    url: row.url,
    event_types: row.event_types as EventType[],
    enabled: row.enabled,
    paused_reason: row.enabled ? null : row.paused_reason === 'failing' ? 'failing' : 'manual',
    previous_secret_expires_at:
      row.previous_secret_sealed && overlapEnds && overlapEnds.getTime() > now.getTime()
        ? iso(overlapEnds)
        : null,
    failing_since: iso(row.failing_since),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The company's application with this client id, or NotFound (another company's is not found). */
export async function findApplicationId(db: Db, companyId: string, clientId: string): Promise<string> {
  const row = await db
    .selectFrom('applications')
    .select('id')
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!row) throw new AppError('NotFound', 'No such application');
  return row.id;
}

export async function listEndpoints(db: Db, companyId: string, clientId: string, now: Date) {
  const applicationId = await findApplicationId(db, companyId, clientId);
  const rows = await withWebhookTables(db)
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('application_id', '=', applicationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => toEndpoint(row, clientId, now));
}

export type FoundEndpoint = Awaited<ReturnType<typeof findEndpoint>>;

/** An endpoint of the company with its application's client id, or NotFound. */
export async function findEndpoint(
  db: Db,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const row = await withWebhookTables(db)
    .selectFrom('webhook_endpoints')
    .innerJoin('applications', 'applications.id', 'webhook_endpoints.application_id')
    .selectAll('webhook_endpoints')
    .select('applications.client_id')
    .where('webhook_endpoints.company_id', '=', companyId)
    .where('webhook_endpoints.id', '=', id)
    .$if(options.forUpdate === true, (qb) => qb.forUpdate('webhook_endpoints'))
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * A new endpoint and its signing secret (in the answer only; the row keeps it sealed). The
 * application's row is locked for the count, so concurrent creations cannot pass the cap together.
 */
export async function createEndpoint(
  db: Db,
  key: SecretKey,
  input: { companyId: string; clientId: string; url: string; eventTypes: readonly EventType[]; now: Date },
) {
  const secret = generateSigningSecret();
  const id = randomUUID();
  const row = await db.transaction().execute(async (trx) => {
    const application = await trx
      .selectFrom('applications')
      .select('id')
      .where('company_id', '=', input.companyId)
      .where('client_id', '=', input.clientId)
      .forUpdate()
      .executeTakeFirst();
    if (!application) throw new AppError('NotFound', 'No such application');
    const w = withWebhookTables(trx);
    const counted = await w
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('application_id', '=', application.id)
      .executeTakeFirstOrThrow();
    if (Number(counted.n) >= WEBHOOK_ENDPOINTS_MAX_PER_APPLICATION) {
      throw new AppError('TooManyWebhookEndpoints', 'The application has as many endpoints as it may have');
    }
    return w
      .insertInto('webhook_endpoints')
      .values({
        id,
        company_id: input.companyId,
        application_id: application.id,
        url: input.url,
        event_types: [...input.eventTypes],
        secret_sealed: sealSigningSecret(key, id, secret),
        created_at: input.now,
        updated_at: input.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { endpoint: toEndpoint(row, input.clientId, input.now), secret };
}

/**
 * Edits an endpoint in one transaction: its row is read locked (what the audit event records as the old
 * values is what this edit replaced, however many edit it at once), then updated.
 */
export async function updateEndpoint(
  db: Db,
  companyId: string,
  input: { id: string; url?: string; eventTypes?: readonly EventType[]; enabled?: boolean; now: Date },
) {
  return db.transaction().execute(async (trx) => {
    const current = await findEndpoint(trx, companyId, input.id, { forUpdate: true });
    noteAudit({
      targets: { application: current.client_id },
      previous: { url: current.url, event_types: current.event_types, enabled: current.enabled },
    });
    return writeEndpoint(trx, companyId, current, input);
  });
}

async function writeEndpoint(
  db: Db,
  companyId: string,
  current: { enabled: boolean; client_id: string },
  input: { id: string; url?: string; eventTypes?: readonly EventType[]; enabled?: boolean; now: Date },
) {
  const isResuming = input.enabled === true && !current.enabled;
  const row = await withWebhookTables(db)
    .updateTable('webhook_endpoints')
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.eventTypes !== undefined ? { event_types: [...input.eventTypes] } : {}),
      ...(input.enabled !== undefined
        ? { enabled: input.enabled, paused_reason: input.enabled ? null : 'manual' }
        : {}),
      // Resumed: its failures start counting again from the next one.
      ...(isResuming ? { failing_since: null } : {}),
      updated_at: input.now,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', input.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return toEndpoint(row, current.client_id, input.now);
}

export async function deleteEndpoint(db: Db, companyId: string, id: string): Promise<void> {
  const row = await withWebhookTables(db)
    .deleteFrom('webhook_endpoints')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound();
}

/**
 * A new signing secret; the current one becomes the previous and keeps signing for `overlapHours`
 * (0: not at all). A secret still in its overlap from an earlier rotation is dropped: two at most.
 */
export async function rotateEndpointSecret(
  db: Db,
  key: SecretKey,
  current: FoundEndpoint,
  input: { overlapHours: number; now: Date },
) {
  const secret = generateSigningSecret();
  const row = await withWebhookTables(db)
    .updateTable('webhook_endpoints')
    .set({
      secret_sealed: sealSigningSecret(key, current.id, secret),
      previous_secret_sealed: input.overlapHours > 0 ? current.secret_sealed : null,
      previous_secret_expires_at:
        input.overlapHours > 0 ? new Date(input.now.getTime() + input.overlapHours * 3_600_000) : null,
      updated_at: input.now,
    })
    .where('company_id', '=', current.company_id)
    .where('id', '=', current.id)
    // Only onto the secret read: two rotations racing cannot both keep "the previous" one.
    .where('secret_sealed', '=', current.secret_sealed)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('Conflict', 'The secret changed meanwhile');
  return { endpoint: toEndpoint(row, current.client_id, input.now), secret };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    is_test: row.is_test,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_attempt_at: iso(row.last_attempt_at),
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    delivered_at: iso(row.delivered_at),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The cursor is the last row's (created_at, id), opaque to the caller. */
function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const time = new Date(at ?? '');
  if (!id || Number.isNaN(time.getTime())) throw new AppError('ValidationError', 'Bad cursor');
  return { at: time, id };
}

export async function listDeliveries(
  db: Db,
  companyId: string,
  input: { endpointId: string; status?: WebhookDeliveryStatus; cursor?: string },
) {
  await findEndpoint(db, companyId, input.endpointId);
  const after = decodeCursor(input.cursor);
  const rows = await withWebhookTables(db)
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('endpoint_id', '=', input.endpointId)
    .$if(input.status !== undefined, (qb) => qb.where('status', '=', input.status as string))
    .$if(after !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('created_at', '<', after?.at as Date),
          eb.and([eb('created_at', '=', after?.at as Date), eb('id', '<', after?.id as string)]),
        ]),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(WEBHOOK_DELIVERY_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, WEBHOOK_DELIVERY_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toDelivery),
    next_cursor:
      rows.length > WEBHOOK_DELIVERY_PAGE_SIZE && last
        ? Buffer.from(`${new Date(last.created_at).toISOString()}|${last.id}`).toString('base64url')
        : null,
  };
}

async function findDelivery(db: Db, companyId: string, deliveryId: string) {
  const row = await withWebhookTables(db)
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', deliveryId)
    .executeTakeFirst();
  if (!row) throw new AppError('NotFound', 'No such delivery');
  return row;
}

export async function listAttempts(db: Db, companyId: string, deliveryId: string): Promise<WebhookAttempt[]> {
  await findDelivery(db, companyId, deliveryId);
  const rows = await withWebhookTables(db)
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    attempted_at: new Date(row.attempted_at).toISOString(),
    status_code: row.status_code,
    error: row.error,
    latency_ms: row.latency_ms,
    response_excerpt: row.response_excerpt,
  }));
}

/**
 * Sends a delivery again from now: pending, due at once, with a new 24 h retry window; the body and
 * webhook-id are unchanged, so a receiver that already has it drops it. The endpoint must be enabled.
 */
export async function replayDelivery(db: Db, companyId: string, deliveryId: string, now: Date) {
  const delivery = await findDelivery(db, companyId, deliveryId);
  const endpoint = await findEndpoint(db, companyId, delivery.endpoint_id);
  if (!endpoint.enabled) throw new AppError('Conflict', 'The endpoint is paused');
  noteAudit({ targets: { application: endpoint.client_id } });
  const row = await withWebhookTables(db)
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now, window_started_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', deliveryId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDelivery(row);
}

/** A `webhook.test` delivery to this endpoint only: never in the outbox, so never in the feed. */
export async function createTestDelivery(db: Db, companyId: string, endpointId: string, now: Date) {
  const endpoint = await findEndpoint(db, companyId, endpointId);
  if (!endpoint.enabled) throw new AppError('Conflict', 'The endpoint is paused');
  noteAudit({ targets: { application: endpoint.client_id } });
  const eventId = `evt_${randomToken(16)}`;
  const row = await withWebhookTables(db)
    .insertInto('webhook_deliveries')
    .values({
      company_id: companyId,
      endpoint_id: endpointId,
      event_id: eventId,
      event_type: WEBHOOK_TEST_EVENT_TYPE,
      is_test: true,
      payload: JSON.stringify({
        id: eventId,
        type: WEBHOOK_TEST_EVENT_TYPE,
        timestamp: now.toISOString(),
        data: { endpoint_id: endpointId },
      }),
      next_attempt_at: now,
      window_started_at: now,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDelivery(row);
}
