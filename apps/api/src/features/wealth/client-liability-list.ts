import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { requireVisibleClient } from './clients.repository';
import { findLiabilities } from './products.repository';

export function registerClientLiabilityList(app: FastifyInstance) {
  registerCall(app, wealth.clientLiabilityList, async ({ input, actor, db }) => {
    await requireVisibleClient(db, actor, input.client_id);
    return findLiabilities(db, actor, input.client_id);
  });
}
