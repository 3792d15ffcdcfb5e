import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { findListedEntityIds } from '../../shared/entity-catalogue';
import { registerCall } from '../../shared/http/register-call';
import { findClient } from './clients.repository';

export function registerClientGet(app: FastifyInstance) {
  registerCall(app, wealth.clientGet, async ({ input, actor, db }) => {
    const client = await findClient(db, actor, input.client_id, await findListedEntityIds(db));
    if (!client) throw new AppError('NotFound', 'No such client');
    return client;
  });
}
