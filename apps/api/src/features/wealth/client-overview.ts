import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { requireVisibleClient } from './clients.repository';
import { findClientOverview } from './overview.repository';

export function registerClientOverview(app: FastifyInstance) {
  registerCall(app, wealth.clientOverview, async ({ input, actor, db }) => {
    await requireVisibleClient(db, actor, input.client_id);
    return findClientOverview(db, actor, input.client_id);
  });
}
