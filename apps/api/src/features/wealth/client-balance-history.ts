import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { findBalanceHistory } from './balance-history.repository';
import { requireVisibleClient } from './clients.repository';
import { isoDay } from './overview.repository';

export function registerClientBalanceHistory(app: FastifyInstance) {
  registerCall(app, wealth.clientBalanceHistory, async ({ input, actor, db, clock }) => {
    await requireVisibleClient(db, actor, input.client_id);
    return findBalanceHistory(db, actor, input.client_id, input.range, isoDay(clock()));
  });
}
