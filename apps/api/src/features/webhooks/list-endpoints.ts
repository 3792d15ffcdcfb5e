import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { listEndpoints } from './webhooks.repository';

export function registerListEndpoints(app: FastifyInstance) {
  registerCall(app, webhooks.listEndpoints, ({ input, actor, db, clock }) =>
    listEndpoints(db, actor.companyId, input.client_id, clock()),
  );
}
