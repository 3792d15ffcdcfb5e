import { exports as exportCalls } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { isUuid } from '../../shared/secure-tokens';
import { createDownloadLink } from './export-audit';
import { findVisibleExport } from './exports.repository';

export function registerExportDownloadLink(app: FastifyInstance) {
  registerCall(app, exportCalls.exportDownloadLink, async ({ input, actor, db, clock }) => {
    const now = clock();
    const found = isUuid(input.export_id) ? await findVisibleExport(db, actor, input.export_id, now) : null;
    if (!found) throw new AppError('NotFound', 'No such export');
    if (found.status !== 'ready') throw new AppError('Conflict', 'The export is not ready');
    return createDownloadLink(db, found.id, now);
  });
}
