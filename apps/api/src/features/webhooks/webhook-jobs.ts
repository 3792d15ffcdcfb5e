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
import { emitDueScaEvents } from '../connections';
import { type AttemptDeps, attemptDelivery } from './attempt-delivery';
import { findDeliveryPriority } from './delivery-priority';
import { ATTEMPT_LEASE_MS } from './delivery-schedule';
import { dispatchEvents } from './dispatch-events';
import { startOutboxWake } from './outbox-wake';
import { withWebhookTables } from './webhooks-tables';

export const DELIVER_QUEUE = 'webhooks.deliver';
export const SWEEP_QUEUE = 'webhooks.sweep';
/** Every minute: lost delivery jobs are sent again, and the "SCA due" scan runs. */
const SWEEP_CRON = '* * * * *';
/**
 * Delivery workers per instance, each taking a few jobs at a time: a slow receiver (10 s timeout) holds
 * one worker's batch, not the instance's deliveries. A worker that found jobs fetches again at once
 * (`workQueue`, decision 0047); one with nothing to do looks every `DELIVER_POLL_SECONDS` (jobs queued by
 * this instance wake it at once; the poll is for retries coming due and for jobs other instances queued).
 */
const DELIVER_WORKERS = 4;
const DELIVER_BATCH = 5;
const DELIVER_POLL_SECONDS = 10;

export interface WebhookJobDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** PostgreSQL: instances wake each other through LISTEN/NOTIFY. Null on PGlite. */
  postgresUrl?: string | null;
  /** Tests resolve names their own way. */
  resolve?: AttemptDeps['policy']['resolve'];
}

/**
 * Queues one delivery's attempt now (call after the delivery's transaction committed), in its company's
 * turn (`findDeliveryPriority`). Sent from this process, it wakes this process's delivery workers at
 * once (a replay, a test event): `queueOf`.
 */
export async function sendDelivery(db: Db, jobs: JobQueue, deliveryId: string): Promise<boolean> {
  const priority = await findDeliveryPriority(db, deliveryId);
  return jobs.send(DELIVER_QUEUE, { deliveryId }, { priority });
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
    policy: { ...deps.config.webhooks, resolve: deps.resolve },
  };
  const queue = queueOf(boss);
  for (let n = 0; n < DELIVER_WORKERS; n += 1) {
    await workQueue<{ deliveryId: string }>(
      boss,
      DELIVER_QUEUE,
      { batchSize: DELIVER_BATCH, pollingIntervalSeconds: DELIVER_POLL_SECONDS },
      async (jobs) => {
        await Promise.all(
          jobs.map(async (job) => {
            const result = await attemptDelivery(attemptDeps, job.data.deliveryId);
            if (result.kind === 'retry') {
              const priority = await findDeliveryPriority(deps.db, job.data.deliveryId);
              await boss.send(
                DELIVER_QUEUE,
                { deliveryId: job.data.deliveryId },
                { startAfter: result.at, priority },
              );
            } else if (result.kind === 'failed' && result.isEndpointPaused) {
              log.warn({ deliveryId: job.data.deliveryId }, 'webhook endpoint paused after failing for days');
              for (const mailId of result.mailIds)
                await notifyMailQueued(deps.db, queue, log, mailId, 'bulk');
            }
          }),
        );
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
              data: { deliveryId: delivery.id },
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
  return () => outbox.stop();
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
