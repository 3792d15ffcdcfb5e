import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../shared/clock';
import { loadSecretKey } from '../../shared/crypto/sealing';
import {
  type JobModule,
  type JobQueue,
  queueOf,
  type StopWork,
  wakeLocalWorkers,
  workQueue,
} from '../../shared/jobs/jobs';
import type { Logger } from '../../shared/logger';
import { notifyMailQueued } from '../../shared/mail/mail-jobs';
import { createTurns } from '../../shared/process/turns';
import { emitDueScaEvents } from '../connections';
import { type AttemptDeps, attemptDelivery } from './attempt-delivery';
import { findDeliveryTurn } from './delivery-priority';
import { ATTEMPT_LEASE_MS } from './delivery-schedule';
import { createDeliverySlots } from './delivery-slots';
import { dispatchEvents } from './dispatch-events';
import { startOutboxWake } from './outbox-wake';
import { DELIVERY_TIMEOUT_MS } from './webhook-sender';
import { withWebhookTables } from './webhooks-tables';

export const DELIVER_QUEUE = 'webhooks.deliver';
export const SWEEP_QUEUE = 'webhooks.sweep';
/** Every minute: lost delivery jobs are sent again, and the "SCA due" scan runs. */
const SWEEP_CRON = '* * * * *';
/**
 * Delivery workers per instance, each taking a few jobs at a time. A worker that found jobs fetches again
 * at once (`workQueue`, decision 0047); one with nothing to do looks every `DELIVER_POLL_SECONDS` (jobs
 * queued by this instance wake it at once; the poll is for retries coming due and for jobs other
 * instances queued). The attempts run in the instance's slots (decision 0064), not in the workers, so
 * receivers that hang hold a share of them and other companies, and other endpoints, deliver on.
 */
const DELIVER_WORKERS = 4;
const DELIVER_BATCH = 5;
const DELIVER_POLL_SECONDS = 10;
/** Attempts in flight per instance: a hanging request holds a socket, not a core. */
const DELIVER_SLOTS = 100;
const DELIVER_SLOTS_PER_COMPANY = 10;
const DELIVER_SLOTS_PER_ENDPOINT = 3;
/** Slots kept for companies with nothing in flight: a company's second attempt never takes them. */
const DELIVER_SLOTS_RESERVE = 20;
/**
 * Attempts in their database work (claim, record) at once: the pool has 10 connections, and a flood of
 * deliveries to fast receivers must leave most of them to the portal's calls.
 */
const DELIVER_DB_TURNS = 4;
/** A company's jobs taken while it may not start them, waiting here for a slot it may take. */
const DELIVER_PARKED_PER_COMPANY = 10;
/** How long a stopping instance lets its attempts in flight end (longer than a request's timeout). */
const DELIVER_STOP_WAIT_MS = DELIVERY_TIMEOUT_MS + 2_000;

/**
 * A delivery job, with its company, endpoint and priority, so a job sent back to the queue reads
 * nothing. They are absent from jobs queued before decision 0064: they are then looked up.
 */
interface DeliveryJob {
  deliveryId: string;
  companyId?: string;
  endpointId?: string;
  priority?: number;
}

export interface WebhookJobDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** PostgreSQL: instances wake each other through LISTEN/NOTIFY. Null on PGlite. */
  postgresUrl?: string | null;
  /** Tests resolve names their own way. */
  resolve?: AttemptDeps['policy']['resolve'];
  /** Tests hold a hanging receiver's requests longer than the 10 s of production. */
  timeoutMs?: number;
}

/**
 * Queues one delivery's attempt now (call after the delivery's transaction committed), in its company's
 * turn (`findDeliveryTurn`). Sent from this process, it wakes this process's delivery workers at
 * once (a replay, a test event): `queueOf`.
 */
export async function sendDelivery(db: Db, jobs: JobQueue, deliveryId: string): Promise<boolean> {
  const turn = await findDeliveryTurn(db, deliveryId);
  if (!turn) return false;
  const job: DeliveryJob = { deliveryId, ...turn };
  return jobs.send(DELIVER_QUEUE, job, { priority: turn.priority });
}

/** Queues a delivery's job to start at `startAfter`, in its company's turn (a retry, a job sent back). */
async function sendDeliveryJob(boss: PgBoss, db: Db, deliveryId: string, startAfter: Date): Promise<void> {
  const turn = await findDeliveryTurn(db, deliveryId);
  if (!turn) return;
  await sendJob(boss, { deliveryId, ...turn }, startAfter);
}

function sendJob(boss: PgBoss, job: Required<DeliveryJob>, startAfter: Date) {
  return boss.send(DELIVER_QUEUE, job, { startAfter, priority: job.priority });
}

/**
 * Wakes this instance's idle workers when jobs it sent back come due, instead of at their next poll
 * (10 s): one timer per tenth of a second at most, however many jobs are due then.
 */
function createWakeTimer(wake: () => void): (inMs: number) => void {
  const pending = new Set<number>();
  return (inMs) => {
    // Just after the start: pg-boss takes a job once the database's clock is past it.
    const at = Math.ceil((Date.now() + inMs + 30) / 100) * 100;
    if (pending.has(at)) return;
    pending.add(at);
    setTimeout(() => {
      pending.delete(at);
      wake();
    }, at - Date.now()).unref();
  };
}

/**
 * The outbox → delivery jobs (decisions 0032 and 0041): each instance's dispatcher passes over the
 * outbox when events were committed (`outbox-wake.ts`: in-process after commit, NOTIFY across
 * instances, a slow timer as fallback); `dispatchEvents` claims fairly across companies with SKIP
 * LOCKED, so instances split it. Each delivery is a pg-boss job whose priority keeps companies in
 * turn, taken by one instance; a failed attempt queues its retry as a job that starts later. A sweep
 * sends again what a dead instance left (a pending delivery past its lease) and runs the SCA-due scan.
 */
export function webhookJobs(deps: WebhookJobDeps): JobModule {
  return { name: 'webhooks', start: (boss, log) => startWebhookJobs(boss, deps, log) };
}

async function startWebhookJobs(boss: PgBoss, deps: WebhookJobDeps, log: Logger): Promise<StopWork> {
  await boss.createQueue(DELIVER_QUEUE, { name: DELIVER_QUEUE, retryLimit: 2, retryDelay: 60 });
  await boss.createQueue(SWEEP_QUEUE, { name: SWEEP_QUEUE, policy: 'singleton' });
  const key = await loadSecretKey(deps.db, deps.config.credentialsKey);
  const attemptDeps: AttemptDeps = {
    db: deps.db,
    clock: deps.clock,
    key,
    platformName: deps.config.platformName,
    policy: { ...deps.config.webhooks, resolve: deps.resolve, timeoutMs: deps.timeoutMs },
    inDbTurn: createTurns(DELIVER_DB_TURNS),
  };
  const queue = queueOf(boss);
  const slots = createDeliverySlots({
    total: DELIVER_SLOTS,
    perCompany: DELIVER_SLOTS_PER_COMPANY,
    perEndpoint: DELIVER_SLOTS_PER_ENDPOINT,
    reserve: DELIVER_SLOTS_RESERVE,
    parkedPerCompany: DELIVER_PARKED_PER_COMPANY,
    attemptMs: deps.timeoutMs ?? DELIVERY_TIMEOUT_MS,
  });
  const attempt = async (deliveryId: string) => {
    try {
      const result = await attemptDelivery(attemptDeps, deliveryId);
      if (result.kind === 'retry') {
        await sendDeliveryJob(boss, deps.db, deliveryId, result.at);
      } else if (result.kind === 'failed' && result.isEndpointPaused) {
        log.warn({ deliveryId }, 'webhook endpoint paused after failing for days');
        for (const mailId of result.mailIds) await notifyMailQueued(deps.db, queue, log, mailId, 'bulk');
      }
    } catch (error) {
      // The delivery is still pending: the sweep sends it again once its lease is over.
      log.warn({ err: error, deliveryId }, 'webhook attempt failed; the sweep sends it again');
    }
  };
  const wakeAt = createWakeTimer(() => wakeLocalWorkers(boss, DELIVER_QUEUE));
  for (let n = 0; n < DELIVER_WORKERS; n += 1) {
    await workQueue<DeliveryJob>(
      boss,
      DELIVER_QUEUE,
      { batchSize: DELIVER_BATCH, pollingIntervalSeconds: DELIVER_POLL_SECONDS },
      async (jobs) => {
        for (const { data } of jobs) {
          const { deliveryId } = data;
          const known =
            data.companyId && data.endpointId && data.priority !== undefined
              ? { companyId: data.companyId, endpointId: data.endpointId, priority: data.priority }
              : await findDeliveryTurn(deps.db, deliveryId);
          if (!known) continue;
          const delivery = { key: deliveryId, ...known };
          const taken = await slots.offer(delivery, () => attempt(deliveryId));
          if (taken !== 'full') continue;
          // Its company or endpoint has its share in flight and waiting: back to the queue, in turn.
          const waitMs = slots.deferMs(delivery);
          await sendJob(boss, { deliveryId, ...known }, new Date(Date.now() + waitMs));
          wakeAt(waitMs);
        }
      },
    );
  }
  await boss.work(SWEEP_QUEUE, async () => {
    const now = deps.clock();
    const resent = await resendLostDeliveries(deps.db, queue, now);
    const announced = await emitDueScaEvents(deps.db, now);
    if (resent > 0 || announced > 0) log.info({ resent, announced }, 'webhooks sweep');
  });
  await boss.schedule(SWEEP_QUEUE, SWEEP_CRON);

  // The dispatcher: a pass moves a fair share of the waiting events to delivery jobs.
  const outbox = startOutboxWake({
    postgresUrl: deps.postgresUrl ?? null,
    fallbackMs: deps.config.webhooks.pollMs,
    log,
    async pass() {
      try {
        const { eventCount, deliveries } = await dispatchEvents(deps.db, deps.clock());
        if (deliveries.length > 0) {
          await boss.insert(
            deliveries.map((delivery) => ({
              name: DELIVER_QUEUE,
              data: {
                deliveryId: delivery.id,
                companyId: delivery.companyId,
                endpointId: delivery.endpointId,
                priority: delivery.priority,
              } satisfies DeliveryJob,
              priority: delivery.priority,
            })),
          );
          wakeLocalWorkers(boss, DELIVER_QUEUE);
        }
        return eventCount > 0;
      } catch (error) {
        // Jobs not sent for deliveries written are sent by the sweep once their lease is over.
        log.warn({ err: error }, 'webhook dispatch failed; the next wake retries');
        return false;
      }
    },
  });
  return async () => {
    await outbox.stop();
    // No job is taken any more; the attempts in flight end (a job taken meanwhile goes back to the queue).
    await boss.offWork(DELIVER_QUEUE);
    const waiting = await slots.drain(DELIVER_STOP_WAIT_MS);
    for (const deliveryId of waiting) {
      // Unsent (the database is gone too), it is the sweep's once its due time is a lease old.
      await sendDeliveryJob(boss, deps.db, deliveryId, new Date()).catch(() => {});
    }
  };
}

/**
 * Pending deliveries due longer ago than a lease: their job was lost (an instance died after the
 * commit, or mid-attempt). Sent again; the attempt's claim keeps a duplicate job from sending twice.
 */
export async function resendLostDeliveries(db: Db, jobs: JobQueue, now: Date): Promise<number> {
  const lost = await withWebhookTables(db)
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<', new Date(now.getTime() - ATTEMPT_LEASE_MS))
    .orderBy('next_attempt_at')
    .limit(1000)
    .execute();
  for (const { id } of lost) await sendDelivery(db, jobs, id);
  return lost.length;
}
