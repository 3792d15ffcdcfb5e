import { authPurgeTasks } from './features/auth/auth-housekeeping';
import { connectionsPurgeTasks } from './features/connections/connections-housekeeping';
import { linksPurgeTasks } from './features/links/links-housekeeping';
import { teamPurgeTasks } from './features/team/team-housekeeping';
import { webhooksPurgeTasks } from './features/webhooks';
import { auditPurgeTask, auditRetentionDaysFrom } from './shared/audit/audit-purge';
import type { PurgeTask } from './shared/housekeeping/housekeeping';
import { mailPurgeTask } from './shared/mail/mail-housekeeping';
import { rateLimitPurgeTask } from './shared/rate-limit-housekeeping';

/** Every feature's dead rows, purged by the app's one hourly housekeeping job. */
export const PURGE_TASKS: readonly PurgeTask[] = [
  ...authPurgeTasks,
  rateLimitPurgeTask,
  mailPurgeTask,
  ...connectionsPurgeTasks,
  ...linksPurgeTasks,
  ...teamPurgeTasks,
  ...webhooksPurgeTasks,
  // AUDIT_RETENTION_DAYS (default 365): the only deletion of audit events.
  auditPurgeTask(auditRetentionDaysFrom(process.env)),
];
