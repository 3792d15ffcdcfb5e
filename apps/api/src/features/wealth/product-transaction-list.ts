import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { requireClientProduct } from './products.repository';
import { decodeCursor } from './transaction-cursor';
import { findProductTransactions } from './transactions.repository';

/** Accounts and liabilities have movements; a portfolio's are its investments' (another call). */
export function registerProductTransactionList(app: FastifyInstance) {
  registerCall(app, wealth.productTransactionList, async ({ input, actor, db }) => {
    const cursor = decodeCursor(input.cursor);
    const productId = await requireClientProduct(db, actor, {
      clientId: input.client_id,
      productId: input.product_id,
      kinds: ['account', 'liability'],
    });
    return findProductTransactions(db, actor, productId, { ...input, cursor });
  });
}
