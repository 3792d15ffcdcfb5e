import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { findPortfolioValueHistory, isoDay } from './overview.repository';
import { findProductCurrency, requireClientProduct } from './products.repository';

export function registerPortfolioValueHistory(app: FastifyInstance) {
  registerCall(app, wealth.portfolioValueHistory, async ({ input, actor, db, clock }) => {
    const portfolioId = await requireClientProduct(db, actor, {
      clientId: input.client_id,
      productId: input.portfolio_id,
      kinds: ['portfolio'],
    });
    const currency = await findProductCurrency(db, actor, portfolioId);
    return findPortfolioValueHistory(db, actor, { id: portfolioId, currency }, input.range, isoDay(clock()));
  });
}
