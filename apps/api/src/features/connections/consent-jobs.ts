import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../shared/clock';
import { type JobModule, queueOf } from '../../shared/jobs/jobs';
import { notifyMailQueued } from '../../shared/mail/mail-jobs';
import { scanConsents } from './consent-scan';

export const CONSENT_SCAN_QUEUE = 'connections.consent-scan';
/** Hourly: a reminder goes out within the hour its window opens; each is sent once whatever the rate. */
export const CONSENT_SCAN_CRON = '41 * * * *';

/** The consent scan's worker (reminders, consent.expiring / consent.expired), handed to the app. */
export function consentJobs(deps: { db: Db; config: Config; clock: Clock }): JobModule {
  return {
    name: 'connections.consent',
    start: async (boss: PgBoss, log) => {
      await boss.createQueue(CONSENT_SCAN_QUEUE, { name: CONSENT_SCAN_QUEUE, policy: 'singleton' });
      await boss.work(CONSENT_SCAN_QUEUE, async () => {
        const result = await scanConsents({ db: deps.db, config: deps.config, now: deps.clock(), log });
        // Committed: send the reminders now (the mail sweep would within 5 minutes anyway).
        const queue = queueOf(boss);
        for (const outboxId of result.outboxIds)
          await notifyMailQueued(deps.db, queue, log, outboxId, 'bulk');
      });
      await boss.schedule(CONSENT_SCAN_QUEUE, CONSENT_SCAN_CRON);
    },
  };
}
