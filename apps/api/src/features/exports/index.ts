import type { FastifyInstance } from 'fastify';
import { registerExportClientEntities } from './export-client-entities';
import { registerExportDownloadLink } from './export-download-link';
import { registerExportFile } from './export-file';
import { registerExportGenerate } from './export-generate';
import { registerExportList } from './export-list';
import { registerExportStatus } from './export-status';
import { registerGetAvailableExports } from './get-available-exports';

export { createDownloadLink, findAuditExport, queueAuditExport } from './export-audit';
export { exportJobs, sendExport } from './export-jobs';

export function registerExportsCalls(app: FastifyInstance) {
  registerGetAvailableExports(app);
  registerExportClientEntities(app);
  registerExportGenerate(app);
  registerExportStatus(app);
  registerExportList(app);
  registerExportDownloadLink(app);
  registerExportFile(app);
}
