import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { findInvestment, requireClientProduct } from './products.repository';
import { decodeCursor } from './transaction-cursor';
import { findPortfolioTransactions } from './transactions.repository';

export function registerPortfolioTransactionList(app: FastifyInstance) {
  registerCall(app, wealth.portfolioTransactionList, async ({ input, actor, db }) => {
    const cursor = decodeCursor(input.cursor);
    const portfolioId = await requireClientProduct(db, actor, {
      clientId: input.client_id,
      productId: input.portfolio_id,
      kinds: ['portfolio'],
    });
    // An investment outside the portfolio is not found, rather than an empty page.
    const investmentId = input.investment_id ?? null;
    if (investmentId && !(await findInvestment(db, actor, { portfolioId, investmentId }))) {
      throw new AppError('NotFound', 'No such investment');
    }
    return findPortfolioTransactions(db, actor, { portfolioId, investmentId }, { ...input, cursor });
  });
}
