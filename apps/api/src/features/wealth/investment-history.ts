import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { findInvestmentHistory, isoDay } from './overview.repository';
import { findInvestment, requireClientProduct } from './products.repository';

export function registerInvestmentHistory(app: FastifyInstance) {
  registerCall(app, wealth.investmentHistory, async ({ input, actor, db, clock }) => {
    const portfolioId = await requireClientProduct(db, actor, {
      clientId: input.client_id,
      productId: input.portfolio_id,
      kinds: ['portfolio'],
    });
    const investment = await findInvestment(db, actor, { portfolioId, investmentId: input.investment_id });
    if (!investment) throw new AppError('NotFound', 'No such investment');
    return findInvestmentHistory(
      db,
      actor,
      { id: investment.id, portfolioId, currency: investment.currency },
      input.range,
      isoDay(clock()),
    );
  });
}
