import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { noteAudit } from '../../shared/audit/audit-scope';
import { registerCall } from '../../shared/http/register-call';
import { deleteEndpoint, findEndpoint } from './webhooks.repository';

export function registerDeleteEndpoint(app: FastifyInstance) {
  registerCall(app, webhooks.deleteEndpoint, async ({ input, actor, db }) => {
    const current = await findEndpoint(db, actor.companyId, input.id);
    noteAudit({ targets: { application: current.client_id }, previous: { url: current.url } });
    await deleteEndpoint(db, actor.companyId, input.id);
    return { success: true } as const;
  });
}
