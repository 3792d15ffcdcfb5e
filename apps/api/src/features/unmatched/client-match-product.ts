import { unmatched } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { matchProducts } from './unmatched.repository';

/** "Confirm all" sends one of these per client: all of its products, or none of them. */
export function registerClientMatchProduct(app: FastifyInstance) {
  registerCall(app, unmatched.clientMatchProduct, async ({ input, actor, db, clock }) => {
    const matched = await matchProducts(
      db,
      actor,
      { clientId: input._id, productIds: input.products },
      clock(),
    );
    return { success: true, matched } as const;
  });
}
