import type { FastifyInstance } from 'fastify';
import { registerAuditExportCalls } from './export-audit-events';
import { registerListAuditEvents } from './list-audit-events';

export function registerAuditFeature(app: FastifyInstance) {
  registerListAuditEvents(app);
  registerAuditExportCalls(app);
}
