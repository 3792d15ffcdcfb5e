import type { FastifyInstance } from 'fastify';
import { registerListAuditEvents } from './list-audit-events';

export function registerAuditFeature(app: FastifyInstance) {
  registerListAuditEvents(app);
}
