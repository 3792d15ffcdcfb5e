import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { findListedEntityIds } from '../../shared/entity-catalogue';
import { registerListCall } from '../../shared/http/register-call';
import { findClients } from './clients.repository';

export function registerClientList(app: FastifyInstance) {
  registerListCall(app, wealth.clientList, async ({ input, actor, db }) =>
    findClients(db, actor, input ?? {}, await findListedEntityIds(db)),
  );
}
