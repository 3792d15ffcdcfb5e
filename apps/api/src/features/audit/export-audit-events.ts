import { audit } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { toAuditFilter } from '../../shared/audit/audit-filter';
import { registerCall } from '../../shared/http/register-call';
import { isUuid } from '../../shared/secure-tokens';
import { createDownloadLink, findAuditExport, queueAuditExport, sendExport } from '../exports';

/**
 * `/audit`'s "Export CSV": the screen's filters become an export job (queued, claimed fairly, capped),
 * recorded as an action of its own (`export-events`, in the export's own transaction). Admins only,
 * like the log; each sees and downloads only the exports they asked for.
 */
export function registerAuditExportCalls(app: FastifyInstance) {
  registerCall(app, audit.exportAuditEvents, async ({ input, actor, db, config, clock, jobs, log }) => {
    const request = { filter: toAuditFilter(input), language: input.language };
    const exportId = await queueAuditExport(db, actor, request, clock(), config.exportQueue);
    // After the insert committed: the worker that takes the job must find the row. A send that fails
    // leaves the row queued, and the exports sweep sends it again.
    try {
      if (!(await sendExport(jobs, exportId))) log.warn({ exportId }, 'audit export not queued here');
    } catch (error) {
      log.warn({ exportId, err: error }, 'could not queue the audit export; the sweep will send it');
    }
    const created = await findAuditExport(db, actor, exportId, clock());
    if (!created) throw new AppError('UnexpectedError');
    return created;
  });

  registerCall(app, audit.auditExportStatus, async ({ input, actor, db, clock }) => {
    const found = isUuid(input.export_id) ? await findAuditExport(db, actor, input.export_id, clock()) : null;
    if (!found) throw new AppError('NotFound', 'No such export');
    return found;
  });

  registerCall(app, audit.auditExportDownloadLink, async ({ input, actor, db, clock }) => {
    const now = clock();
    const found = isUuid(input.export_id) ? await findAuditExport(db, actor, input.export_id, now) : null;
    if (!found) throw new AppError('NotFound', 'No such export');
    if (found.status !== 'ready') throw new AppError('Conflict', 'The export is not ready');
    return createDownloadLink(db, found.id, now);
  });
}
