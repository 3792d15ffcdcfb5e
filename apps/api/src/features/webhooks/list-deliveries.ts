import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { listDeliveries } from './webhooks.repository';

export function registerListDeliveries(app: FastifyInstance) {
  registerCall(app, webhooks.listDeliveries, ({ input, actor, db }) =>
    listDeliveries(db, actor.companyId, {
      endpointId: input.endpoint_id,
      status: input.status,
      cursor: input.cursor,
    }),
  );
}
