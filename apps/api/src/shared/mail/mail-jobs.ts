import type { JobModule, JobQueue } from '../jobs/jobs';
import type { Logger } from '../logger';
import { deliverMail, deliverPendingMail, type MailSenderDeps } from './mail-sender';

const MAIL_SEND = 'mail.send';
const MAIL_SWEEP = 'mail.sweep';

/** Sends queued mail; a sweep every 5 minutes picks up mail whose job was lost (a crash after commit). */
export function mailJobs(deps: MailSenderDeps): JobModule {
  return {
    name: 'mail',
    async start(boss) {
      await boss.createQueue(MAIL_SEND, {
        name: MAIL_SEND,
        retryLimit: 4,
        retryDelay: 30,
        retryBackoff: true,
      });
      await boss.createQueue(MAIL_SWEEP, { name: MAIL_SWEEP, policy: 'singleton' });
      await boss.work<{ outboxId: string }>(MAIL_SEND, async (jobs) => {
        for (const job of jobs) await deliverMail(deps, job.data.outboxId);
      });
      await boss.work(MAIL_SWEEP, async () => {
        await deliverPendingMail(deps);
      });
      await boss.schedule(MAIL_SWEEP, '*/5 * * * *');
      await boss.send(MAIL_SWEEP, {});
    },
  };
}

/** Asks a worker to send an outbox row now; if that fails, the sweep sends it later. */
export async function notifyMailQueued(
  jobs: JobQueue,
  log: Pick<Logger, 'warn'>,
  outboxId: string,
): Promise<void> {
  try {
    await jobs.send(MAIL_SEND, { outboxId });
  } catch (error) {
    log.warn({ err: error, outboxId }, 'could not enqueue mail; the sweep will send it');
  }
}
