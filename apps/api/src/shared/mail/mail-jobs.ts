import type { Db } from '../../db/database';
import { type JobModule, type JobQueue, workQueue } from '../jobs/jobs';
import type { Logger } from '../logger';
import { deliverMail, deliverPendingMail, type MailSenderDeps } from './mail-sender';
import { findMailTurn, MAIL_BACKLOG_CAP } from './outbox';

/** The queue of mail to send now (the operator's command line sends to it too). */
export const MAIL_SEND_QUEUE = 'mail.send';
const MAIL_SWEEP = 'mail.sweep';

/**
 * Sends queued mail, companies in turn (`mailJobPriority`); a sweep every 5 minutes picks up mail whose
 * job was lost (a crash after commit), companies in turn too.
 */
export function mailJobs(
  deps: MailSenderDeps,
  /** How often an idle worker looks for mail sent by other instances (tests lengthen it). */
  pollingIntervalSeconds = 2,
): JobModule {
  return {
    name: 'mail',
    async start(boss) {
      await boss.createQueue(MAIL_SEND_QUEUE, {
        name: MAIL_SEND_QUEUE,
        retryLimit: 4,
        retryDelay: 30,
        retryBackoff: true,
      });
      await boss.createQueue(MAIL_SWEEP, { name: MAIL_SWEEP, policy: 'singleton' });
      await workQueue<{ outboxId: string }>(
        boss,
        MAIL_SEND_QUEUE,
        { pollingIntervalSeconds },
        async (jobs) => {
          for (const job of jobs) await deliverMail(deps, job.data.outboxId);
        },
      );
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
 * sent) or nobody in particular (a scan's reminders, a notice to admins). Every waiting mail of the first
 * kind is sent before any of the second.
 */
export type MailUrgency = 'interactive' | 'bulk';

/**
 * Where each urgency's priorities start (pg-boss takes the highest first). A mail's priority is its
 * urgency's start minus its turn, and turns never reach the next band down: interactive mail is always
 * 0 … -MAIL_BACKLOG_CAP, bulk mail below that.
 */
const URGENCY_START: Record<MailUrgency, number> = { interactive: 0, bulk: -(MAIL_BACKLOG_CAP + 1) };

/**
 * A mail's place in the job queue: within its urgency, minus its company's mails already waiting when it
 * was queued (its turn, `findMailTurn`). Companies are served in turn, as webhook
 * deliveries are (dispatch-events.ts): one company's thousandth invitation waits behind another
 * company's (or the platform's) first reset link, whichever came first, and across instances, since
 * both the backlog and the queue live in the database.
 */
export function mailJobPriority(urgency: MailUrgency, turn: number): number {
  return URGENCY_START[urgency] - Math.min(Math.max(0, Math.trunc(turn)), MAIL_BACKLOG_CAP);
}

/**
 * Asks a worker to send an outbox row now (call once its transaction committed), in its company's turn
 * (`findMailTurn`); if that fails, the sweep sends it later.
 */
export async function notifyMailQueued(
  db: Db,
  jobs: JobQueue,
  log: Pick<Logger, 'warn'>,
  outboxId: string,
  urgency: MailUrgency = 'interactive',
): Promise<void> {
  try {
    const priority = mailJobPriority(urgency, await findMailTurn(db, outboxId));
    await jobs.send(MAIL_SEND_QUEUE, { outboxId }, { priority });
  } catch (error) {
    log.warn({ err: error, outboxId }, 'could not enqueue mail; the sweep will send it');
  }
}
