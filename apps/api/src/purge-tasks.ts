import type { Config } from './config';
import { authPurgeTasks } from './features/auth/auth-housekeeping';
import { connectionsPurgeTasks } from './features/connections/connections-housekeeping';
import { linksPurgeTasks } from './features/links/links-housekeeping';
import { teamPurgeTasks } from './features/team/team-housekeeping';
import { webhooksPurgeTasks } from './features/webhooks';
import { auditPurgeTask } from './shared/audit/audit-purge';
import type { PurgeTask } from './shared/housekeeping/housekeeping';
import { mailPurgeTask } from './shared/mail/mail-housekeeping';
import { rateLimitPurgeTask } from './shared/rate-limit-housekeeping';

/**
 * Every feature's dead rows, purged by the app's one hourly housekeeping job. Built from the validated
 * config (never from process.env on import), so a bad setting stops the start instead of being replaced.
 */
export function buildPurgeTasks(config: Pick<Config, 'auditRetentionDays'>): readonly PurgeTask[] {
  return [
    ...authPurgeTasks,
    rateLimitPurgeTask,
    mailPurgeTask,
    ...connectionsPurgeTasks,
    ...linksPurgeTasks,
    ...teamPurgeTasks,
    ...webhooksPurgeTasks,
    // The only deletion of audit events.
    auditPurgeTask(config.auditRetentionDays),
  ];
}
