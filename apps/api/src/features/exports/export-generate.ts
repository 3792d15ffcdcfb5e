import { exports as exportCalls } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { sendExport } from './export-jobs';
import { createExport } from './export-request';

export function registerExportGenerate(app: FastifyInstance) {
  registerCall(app, exportCalls.exportGenerate, async ({ input, actor, db, config, clock, jobs, log }) => {
    const created = await createExport(db, actor, input, clock(), config.exportQueue);
    const exportId = created.id;
    // After the insert committed: the worker that takes the job must find the row. A send that fails
    // or is refused leaves the row queued, and the sweep sends it again: the export is not lost.
    try {
      const isQueued = await sendExport(jobs, exportId);
      if (!isQueued) log.warn({ exportId }, 'export not queued here; the sweep will send it');
    } catch (error) {
      log.warn({ exportId, err: error }, 'could not queue the export; the sweep will send it');
    }
    // Answered as inserted (queued): a worker may already be running it, which the list shows next.
    return created;
  });
}
