import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { listAttempts } from './webhooks.repository';

export function registerListAttempts(app: FastifyInstance) {
  registerCall(app, webhooks.listAttempts, ({ input, actor, db }) =>
    listAttempts(db, actor.companyId, input.delivery_id),
  );
}
