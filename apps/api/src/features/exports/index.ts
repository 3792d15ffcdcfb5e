import type { FastifyInstance } from 'fastify';
import {
  registerExportDownloadLink,
  registerExportGenerate,
  registerExportList,
  registerExportStatus,
  registerGetAvailableExports,
} from './export-calls';
import { registerExportFile } from './export-file';

export { createDownloadLink, findAuditExport, queueAuditExport } from './export-audit';
export { exportJobs, sendExport } from './export-jobs';

export function registerExportsCalls(app: FastifyInstance) {
  registerGetAvailableExports(app);
  registerExportGenerate(app);
  registerExportStatus(app);
  registerExportList(app);
  registerExportDownloadLink(app);
  registerExportFile(app);
}
