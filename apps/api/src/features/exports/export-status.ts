import { exports as exportCalls } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { isUuid } from '../../shared/secure-tokens';
import { findVisibleExport } from './exports.repository';

export function registerExportStatus(app: FastifyInstance) {
  registerCall(app, exportCalls.exportStatus, async ({ input, actor, db, clock }) => {
    const found = isUuid(input.export_id)
      ? await findVisibleExport(db, actor, input.export_id, clock())
      : null;
    if (!found) throw new AppError('NotFound', 'No such export');
    return found;
  });
}
