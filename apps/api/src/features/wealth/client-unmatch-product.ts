import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { unmatchProduct } from './products.repository';

export function registerClientUnmatchProduct(app: FastifyInstance) {
  registerCall(app, wealth.clientUnmatchProduct, async ({ input, actor, db, clock }) => {
    const ref = { clientId: input.client_id, productId: input.product_id };
    if (!(await unmatchProduct(db, actor, ref, clock()))) throw new AppError('NotFound', 'No such product');
    return { success: true } as const;
  });
}
