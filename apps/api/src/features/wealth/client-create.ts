import { resolveEntityIds, wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { findListedEntityIds } from '../../shared/entity-catalogue';
import { registerCall } from '../../shared/http/register-call';
import { findClient, insertClient } from './clients.repository';

export function registerClientCreate(app: FastifyInstance) {
  registerCall(app, wealth.clientCreate, async ({ input, actor, db, clock }) => {
    const listed = await findListedEntityIds(db);
    const entityIds = resolveEntityIds(input.entities, listed);
    // The insert and its read-back are one transaction: a read that fails rolls the insert back, so
    // the retry does not meet its own alias as a duplicate.
    return db.transaction().execute(async (trx) => {
      const { id } = await insertClient(
        trx,
        actor,
        { name: input.name, alias: input.alias, entityIds },
        clock(),
      );
      const client = await findClient(trx, actor, id, listed);
      if (!client) throw new AppError('UnexpectedError', 'The new client vanished');
      return client;
    });
  });
}
