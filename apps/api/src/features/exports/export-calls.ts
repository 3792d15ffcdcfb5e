import { exports as exportCalls } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { isUuid } from '../../shared/secure-tokens';
import { createDownloadLink } from './export-audit';
import { sendExport } from './export-jobs';
import { createExport } from './export-request';
import { findVisibleExport, findVisibleExports } from './exports.repository';

/** The spec's call: each export type in each format is a document the quick export offers. */
export function registerGetAvailableExports(app: FastifyInstance) {
  registerCall(app, exportCalls.getAvailableExports, () =>
    exportCalls.EXPORT_TYPES.filter((type) => type !== 'custom').flatMap((type) =>
      exportCalls.EXPORT_FORMATS.map((format) => ({ id: `${type}.${format}`, type, format })),
    ),
  );
}

export function registerExportGenerate(app: FastifyInstance) {
  registerCall(app, exportCalls.exportGenerate, async ({ input, actor, db, config, clock, jobs, log }) => {
    const exportId = await createExport(db, actor, input, clock(), config.exportQueue);
    // After the insert committed: the worker that takes the job must find the row. A send that fails
    // or is refused leaves the row queued, and the sweep sends it again: the export is not lost.
    try {
      const isQueued = await sendExport(jobs, exportId);
      if (!isQueued) log.warn({ exportId }, 'export not queued here; the sweep will send it');
    } catch (error) {
      log.warn({ exportId, err: error }, 'could not queue the export; the sweep will send it');
    }
    const created = await findVisibleExport(db, actor, exportId, clock());
    if (!created) throw new AppError('UnexpectedError');
    return created;
  });
}

export function registerExportStatus(app: FastifyInstance) {
  registerCall(app, exportCalls.exportStatus, async ({ input, actor, db, clock }) => {
    const found = isUuid(input.export_id)
      ? await findVisibleExport(db, actor, input.export_id, clock())
      : null;
    if (!found) throw new AppError('NotFound', 'No such export');
    return found;
  });
}

export function registerExportList(app: FastifyInstance) {
  registerCall(app, exportCalls.exportList, ({ actor, db, clock }) => findVisibleExports(db, actor, clock()));
}

export function registerExportDownloadLink(app: FastifyInstance) {
  registerCall(app, exportCalls.exportDownloadLink, async ({ input, actor, db, clock }) => {
    const now = clock();
    const found = isUuid(input.export_id) ? await findVisibleExport(db, actor, input.export_id, now) : null;
    if (!found) throw new AppError('NotFound', 'No such export');
    if (found.status !== 'ready') throw new AppError('Conflict', 'The export is not ready');
    return createDownloadLink(db, found.id, now);
  });
}
