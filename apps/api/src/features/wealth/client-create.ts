import { resolveEntityIds, wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { findListedEntityIds } from '../../shared/entity-catalogue';
import { AppError } from '../../shared/http/app-error';
import { registerCall } from '../../shared/http/register-call';
import { findClient, insertClient } from './clients.repository';

export function registerClientCreate(app: FastifyInstance) {
  registerCall(app, wealth.clientCreate, async ({ input, actor, db, clock }) => {
    const listed = await findListedEntityIds(db);
    const entityIds = resolveEntityIds(input.entities, listed);
    const { id } = await insertClient(
      db,
      actor,
      { name: input.name, alias: input.alias, entityIds },
      clock(),
    );
    const client = await findClient(db, actor, id, listed);
    if (!client) throw new AppError('UnexpectedError', 'The new client vanished');
    return client;
  });
}
