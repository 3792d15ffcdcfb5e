import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { requireVisibleClient } from './clients.repository';
import { findPortfolios } from './products.repository';

export function registerClientPortfolioList(app: FastifyInstance) {
  registerCall(app, wealth.clientPortfolioList, async ({ input, actor, db }) => {
    await requireVisibleClient(db, actor, input.client_id);
    return findPortfolios(db, actor, input.client_id);
  });
}
