import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../shared/clock';
import { loadSecretKey } from '../../shared/crypto/sealing';
import type { JobModule, JobQueue, StopWork } from '../../shared/jobs/jobs';
import type { Logger } from '../../shared/logger';
import { notifyMailQueued } from '../../shared/mail/mail-jobs';
import { emitDueScaEvents } from '../connections';
import { type AttemptDeps, attemptDelivery } from './attempt-delivery';
import { ATTEMPT_LEASE_MS } from './delivery-schedule';
import { dispatchEvents } from './dispatch-events';
import { withWebhookTables } from './webhooks-tables';

export const DELIVER_QUEUE = 'webhooks.deliver';
export const SWEEP_QUEUE = 'webhooks.sweep';
/** Every minute: lost delivery jobs are sent again, and the "SCA due" scan runs. */
const SWEEP_CRON = '* * * * *';

export interface WebhookJobDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** Tests resolve names their own way. */
  resolve?: AttemptDeps['policy']['resolve'];
}

/** Queues one delivery's attempt now (call after the delivery's transaction committed). */
export function sendDelivery(jobs: JobQueue, deliveryId: string): Promise<boolean> {
  return jobs.send(DELIVER_QUEUE, { deliveryId });
}

/**
 * The outbox → delivery jobs (decision 0032): each instance reads the outbox every `pollMs`
 * (`dispatchEvents` claims with SKIP LOCKED, so instances split it); each delivery is a pg-boss job,
 * taken by one instance; a failed attempt queues its retry as a job that starts later. A sweep sends
 * again what a dead instance left (a pending delivery past its lease) and runs the SCA-due scan.
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
  const queue = {
    async send(name: string, data: object, options: PgBoss.SendOptions = {}) {
      return (await boss.send(name, data, options)) !== null;
    },
    async stop() {},
  };
  await boss.work<{ deliveryId: string }>(
    DELIVER_QUEUE,
    { batchSize: 4, pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      await Promise.all(
        jobs.map(async (job) => {
          const result = await attemptDelivery(attemptDeps, job.data.deliveryId);
          if (result.kind === 'retry') {
            await boss.send(DELIVER_QUEUE, { deliveryId: job.data.deliveryId }, { startAfter: result.at });
          } else if (result.kind === 'failed' && result.isEndpointPaused) {
            log.warn({ deliveryId: job.data.deliveryId }, 'webhook endpoint paused after failing for days');
            for (const id of result.mailIds) await notifyMailQueued(queue, log, id);
          }
        }),
      );
    },
  );
  await boss.work(SWEEP_QUEUE, async () => {
    const now = deps.clock();
    const resent = await resendLostDeliveries(deps.db, queue, now);
    const announced = await emitDueScaEvents(deps.db, now);
    if (resent > 0 || announced > 0) log.info({ resent, announced }, 'webhooks sweep');
  });
  await boss.schedule(SWEEP_QUEUE, SWEEP_CRON);

  // The dispatcher: one pass at a time per instance; a pass that finds a full batch goes again at once.
  let isStopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const pass = async () => {
    try {
      for (;;) {
        const ids = await dispatchEvents(deps.db, deps.clock());
        for (const id of ids) await sendDelivery(queue, id);
        if (ids.length < 200 || isStopped) break;
      }
    } catch (error) {
      log.warn({ err: error }, 'webhook dispatch failed; the next pass retries');
    }
  };
  const tick = () => {
    running = pass().finally(() => {
      if (!isStopped) timer = setTimeout(tick, deps.config.webhooks.pollMs);
    });
  };
  tick();
  return async () => {
    isStopped = true;
    clearTimeout(timer);
    await running;
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
  for (const { id } of lost) await sendDelivery(jobs, id);
  return lost.length;
}
