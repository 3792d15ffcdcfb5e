import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { findInvestments, requireClientProduct } from './products.repository';

export function registerPortfolioInvestmentList(app: FastifyInstance) {
  registerCall(app, wealth.portfolioInvestmentList, async ({ input, actor, db }) => {
    const portfolioId = await requireClientProduct(db, actor, {
      clientId: input.client_id,
      productId: input.portfolio_id,
      kinds: ['portfolio'],
    });
    return findInvestments(db, actor, portfolioId);
  });
}
