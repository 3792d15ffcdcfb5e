import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { requireVisibleClient } from './clients.repository';
import { findAccounts } from './products.repository';

export function registerClientAccountList(app: FastifyInstance) {
  registerCall(app, wealth.clientAccountList, async ({ input, actor, db }) => {
    await requireVisibleClient(db, actor, input.client_id);
    return findAccounts(db, actor, input.client_id);
  });
}
