import { WEBHOOK_PAUSE_AFTER_FAILING_DAYS } from '@caudal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { SecretKey } from '../../shared/crypto/sealing';
import { queueMail } from '../../shared/mail/outbox';
import { ATTEMPT_LEASE_MS, findNextAttemptAt } from './delivery-schedule';
import { findUrlRefusal, type UrlPolicy } from './endpoint-url';
import { composePausedMail } from './paused-mail';
import { activeSecrets, signDelivery } from './webhook-secrets';
import { type SenderOptions, type SendOutcome, sendWebhook } from './webhook-sender';
import { withWebhookTables } from './webhooks-tables';

export interface AttemptDeps {
  db: Db;
  clock: () => Date;
  /** Tests only: sign at the real time while the test's clock runs elsewhere (receivers check it). */
  signClock?: () => Date;
  key: SecretKey;
  policy: UrlPolicy & Pick<SenderOptions, 'resolve' | 'timeoutMs'>;
  platformName: string;
  /**
   * Runs an attempt's database work (its claim, then its record) in turn with the other attempts', so a
   * flood of deliveries holds a few of the pool's connections and the portal's calls keep the rest.
   * Without it, at once (tests that attempt one delivery).
   */
  inDbTurn?: <T>(work: () => Promise<T>) => Promise<T>;
}

export type AttemptResult =
  | { kind: 'skipped' }
  | { kind: 'delivered' }
  | { kind: 'retry'; at: Date }
  | { kind: 'failed'; isEndpointPaused: boolean; mailIds: string[] };

/**
 * One attempt of one delivery, by whichever instance's worker took its job. The delivery is claimed
 * first (one UPDATE that pushes its next attempt a lease ahead), so a duplicate job finds nothing due
 * and an instance that dies mid-attempt leaves it for the sweep once the lease is over. The body and
 * the webhook-id are the delivery's own, every time; the timestamp and signatures are the attempt's.
 */
export async function attemptDelivery(deps: AttemptDeps, deliveryId: string): Promise<AttemptResult> {
  const now = deps.clock();
  const inDbTurn = deps.inDbTurn ?? runAtOnce;
  const claim = await inDbTurn(() => claimAttempt(deps, deliveryId, now));
  if ('kind' in claim) return claim;
  const { delivery, endpoint } = claim;
  const refusal = findUrlRefusal(endpoint.url, deps.policy);
  let outcome: SendOutcome;
  if (refusal) {
    outcome = { statusCode: null, error: 'refused_address', latencyMs: 0, excerpt: null, isDelivered: false };
  } else {
    const headers = signDelivery(
      delivery.event_id,
      delivery.payload,
      activeSecrets(deps.key, endpoint, now),
      (deps.signClock ?? deps.clock)(),
    );
    outcome = await sendWebhook(endpoint.url, headers, delivery.payload, deps.policy);
  }
  return inDbTurn(() => recordAttempt(deps, { ...delivery, endpoint }, outcome, now));
}

const runAtOnce = <T>(work: () => Promise<T>) => work();
/** A duplicate job, or a delivery another attempt holds: nothing to do. */
const NOTHING_DUE: AttemptResult = { kind: 'skipped' };
/** Its endpoint paused or its company unable to send: failed, with no attempt made. */
const STOPPED: AttemptResult = { kind: 'failed', isEndpointPaused: false, mailIds: [] };

/** The claim and the endpoint it goes to; or, when there is nothing to send, the attempt's end. */
async function claimAttempt(deps: AttemptDeps, deliveryId: string, now: Date) {
  const w = withWebhookTables(deps.db);
  const delivery = await w
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: new Date(now.getTime() + ATTEMPT_LEASE_MS) })
    .where('id', '=', deliveryId)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .returning(['id', 'endpoint_id', 'event_id', 'payload', 'attempts', 'window_started_at', 'company_id'])
    .executeTakeFirst();
  if (!delivery) return NOTHING_DUE;
  const endpoint = await w
    .selectFrom('webhook_endpoints')
    .innerJoin('companies', 'companies.id', 'webhook_endpoints.company_id')
    .selectAll('webhook_endpoints')
    .select(['companies.disabled_at as company_disabled_at', 'companies.modules as company_modules'])
    .where('webhook_endpoints.id', '=', delivery.endpoint_id)
    .executeTakeFirst();
  if (!endpoint?.enabled || !isSendingCompany(endpoint.company_disabled_at, endpoint.company_modules)) {
    // Paused (by staff or for failing), or its company is off or lost the applications module (the
    // operator's disable is "off everywhere at once"): what was in flight stops here, with no attempt
    // made; a replay sends it later, once the company may send again.
    await w
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_attempt_at: null })
      .where('id', '=', deliveryId)
      .execute();
    return STOPPED;
  }
  return { delivery, endpoint };
}

/** Whether a company may send webhooks: on, and holding the applications module endpoints hang from. */
export function isSendingCompany(disabledAt: Date | null, modules: readonly string[]): boolean {
  return disabledAt === null && modules.includes('applications');
}

async function recordAttempt(
  deps: AttemptDeps,
  delivery: {
    id: string;
    company_id: string;
    attempts: number;
    window_started_at: Date;
    endpoint: { id: string; failing_since: Date | null; url: string; application_id: string };
  },
  outcome: SendOutcome,
  attemptedAt: Date,
): Promise<AttemptResult> {
  const failures = delivery.attempts + 1;
  const next = outcome.isDelivered
    ? null
    : findNextAttemptAt(failures, delivery.window_started_at, attemptedAt);
  return deps.db.transaction().execute(async (trx) => {
    const w = withWebhookTables(trx);
    await w
      .insertInto('webhook_attempts')
      .values({
        delivery_id: delivery.id,
        company_id: delivery.company_id,
        attempted_at: attemptedAt,
        status_code: outcome.statusCode,
        error: outcome.error,
        latency_ms: outcome.latencyMs,
        response_excerpt: outcome.excerpt,
      })
      .execute();
    await w
      .updateTable('webhook_deliveries')
      .set({
        status: outcome.isDelivered ? 'delivered' : next ? 'pending' : 'failed',
        attempts: failures,
        last_attempt_at: attemptedAt,
        last_status_code: outcome.statusCode,
        next_attempt_at: next,
        delivered_at: outcome.isDelivered ? attemptedAt : null,
      })
      .where('id', '=', delivery.id)
      .execute();
    if (outcome.isDelivered) {
      await w
        .updateTable('webhook_endpoints')
        .set({ failing_since: null })
        .where('id', '=', delivery.endpoint.id)
        .where('failing_since', 'is not', null)
        .execute();
      return { kind: 'delivered' } as const;
    }
    const endpoint = await w
      .updateTable('webhook_endpoints')
      .set({ failing_since: sql<Date>`coalesce(failing_since, ${attemptedAt})` })
      .where('id', '=', delivery.endpoint.id)
      .returning(['failing_since', 'enabled'])
      .executeTakeFirst();
    const failingSince = endpoint?.failing_since ?? attemptedAt;
    const isFailingTooLong =
      attemptedAt.getTime() - new Date(failingSince).getTime() >=
      WEBHOOK_PAUSE_AFTER_FAILING_DAYS * 86_400_000;
    if (endpoint?.enabled && isFailingTooLong) {
      const mailIds = await pauseFailingEndpoint(deps, trx, delivery, attemptedAt);
      return { kind: 'failed', isEndpointPaused: true, mailIds } as const;
    }
    return next
      ? ({ kind: 'retry', at: next } as const)
      : ({ kind: 'failed', isEndpointPaused: false, mailIds: [] } as const);
  });
}

/** Pauses the endpoint (its pending deliveries fail) and mails every active admin of the company. */
async function pauseFailingEndpoint(
  deps: AttemptDeps,
  trx: Db,
  delivery: { id: string; company_id: string; endpoint: { id: string; url: string; application_id: string } },
  now: Date,
): Promise<string[]> {
  const w = withWebhookTables(trx);
  const paused = await w
    .updateTable('webhook_endpoints')
    .set({ enabled: false, paused_reason: 'failing', updated_at: now })
    .where('id', '=', delivery.endpoint.id)
    .where('enabled', '=', true)
    .returning('id')
    .executeTakeFirst();
  if (!paused) return [];
  await w
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null })
    .where('endpoint_id', '=', delivery.endpoint.id)
    .where('status', '=', 'pending')
    .execute();
  const application = await trx
    .selectFrom('applications')
    .select('name')
    .where('id', '=', delivery.endpoint.application_id)
    .executeTakeFirst();
  const admins = await trx
    .selectFrom('users')
    .select('email')
    .where('company_id', '=', delivery.company_id)
    .where('kind', '=', 'staff')
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .where('email', 'is not', null)
    .execute();
  const mail = composePausedMail({
    platformName: deps.platformName,
    applicationName: application?.name ?? '',
    url: delivery.endpoint.url,
    days: WEBHOOK_PAUSE_AFTER_FAILING_DAYS,
  });
  const ids: string[] = [];
  for (const admin of admins) {
    ids.push(await queueMail(trx, { companyId: delivery.company_id, to: admin.email ?? '', ...mail }));
  }
  return ids;
}
