import { type JobModule, type JobQueue, workQueue } from '../jobs/jobs';
import type { Logger } from '../logger';
import { deliverMail, deliverPendingMail, type MailSenderDeps } from './mail-sender';

const MAIL_SEND = 'mail.send';
const MAIL_SWEEP = 'mail.sweep';

/** Sends queued mail; a sweep every 5 minutes picks up mail whose job was lost (a crash after commit). */
export function mailJobs(
  deps: MailSenderDeps,
  /** How often an idle worker looks for mail sent by other instances (tests lengthen it). */
  pollingIntervalSeconds = 2,
): JobModule {
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
      await workQueue<{ outboxId: string }>(boss, MAIL_SEND, { pollingIntervalSeconds }, async (jobs) => {
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

/**
 * Who waits for a mail: a person at a screen (an invitation, a reset link, a renewal link staff just
 * sent) or nobody in particular (a scan's reminders, a notice to admins). Waiting mail of the first kind
 * is sent first, so one company's burst of reminders never holds back another's invitation.
 */
export type MailUrgency = 'interactive' | 'bulk';
const PRIORITY: Record<MailUrgency, number> = { interactive: 10, bulk: 0 };

/** Asks a worker to send an outbox row now; if that fails, the sweep sends it later. */
export async function notifyMailQueued(
  jobs: JobQueue,
  log: Pick<Logger, 'warn'>,
  outboxId: string,
  urgency: MailUrgency = 'interactive',
): Promise<void> {
  try {
    await jobs.send(MAIL_SEND, { outboxId }, { priority: PRIORITY[urgency] });
  } catch (error) {
    log.warn({ err: error, outboxId }, 'could not enqueue mail; the sweep will send it');
  }
}
