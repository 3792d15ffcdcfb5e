import { unmatched } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { setHidden } from './unmatched.repository';

export function registerUnmatchedHide(app: FastifyInstance) {
  registerCall(app, unmatched.unmatchedHide, async ({ input, actor, db, clock }) => {
    await setHidden(db, actor, input.holder_product_id, true, clock());
    return { success: true } as const;
  });
}
