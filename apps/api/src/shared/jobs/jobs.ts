import PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { startRefreshJobs } from '../../features/connections/refresh-jobs';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import { deliverMail, deliverPendingMail, type MailSenderDeps } from '../mail/mail-sender';

/** What handlers may ask of the background workers. Call it only after the transaction committed. */
export interface JobQueue {
  notifyMailQueued(outboxId: string): Promise<void>;
  /** Queues a credential refresh; false when one is already queued for it (or there are no workers). */
  enqueueRefresh(credentialsId: string): Promise<boolean>;
  stop(): Promise<void>;
}

const MAIL_SEND = 'mail.send';
const MAIL_SWEEP = 'mail.sweep';

/** No workers (tests): queued mail stays pending until someone calls the sender. */
export const noJobQueue: JobQueue = {
  async notifyMailQueued() {},
  async enqueueRefresh() {
    return false;
  },
  async stop() {},
};

export async function startJobs(
  handle: DatabaseHandle,
  mail: MailSenderDeps,
  log: Logger,
  /** Credential refreshes and their scheduler; left out, no refresh workers run (tests). */
  connections?: { config: Config; clock: Clock },
): Promise<JobQueue> {
  // With PGlite, pg-boss goes through the same mutex as Kysely (see db/pglite-dialect.ts).
  const boss = handle.executor
    ? new PgBoss({ db: handle.executor as PgBoss.Db })
    : new PgBoss({ connectionString: handle.connectionString ?? undefined, max: 4 });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(MAIL_SEND, { name: MAIL_SEND, retryLimit: 4, retryDelay: 30, retryBackoff: true });
  await boss.createQueue(MAIL_SWEEP, { name: MAIL_SWEEP, policy: 'singleton' });

  await boss.work<{ outboxId: string }>(MAIL_SEND, async (jobs) => {
    for (const job of jobs) await deliverMail(mail, job.data.outboxId);
  });
  await boss.work(MAIL_SWEEP, async () => {
    await deliverPendingMail(mail);
  });
  // Mails whose job was lost (a crash between commit and send) are picked up by the sweep.
  await boss.schedule(MAIL_SWEEP, '*/5 * * * *');
  await boss.send(MAIL_SWEEP, {});
  const enqueueRefresh = connections
    ? await startRefreshJobs(boss, {
        db: handle.db,
        config: connections.config,
        clock: connections.clock,
        log,
      })
    : async () => false;

  return {
    async notifyMailQueued(outboxId) {
      try {
        await boss.send(MAIL_SEND, { outboxId });
      } catch (error) {
        log.warn({ err: error, outboxId }, 'could not enqueue mail; the sweep will send it');
      }
    },
    enqueueRefresh,
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
