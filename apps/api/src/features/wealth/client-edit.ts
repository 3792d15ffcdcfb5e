import { resolveEntityIds, wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { noteAudit } from '../../shared/audit/audit-scope';
import { findListedEntityIds } from '../../shared/entity-catalogue';
import { registerCall } from '../../shared/http/register-call';
import { editClient } from './clients.repository';

/** `contract` is the spec's call; bench/audit-overhead.ts mounts a twin without `audit` to price it. */
export function registerClientEdit(app: FastifyInstance, contract = wealth.clientEdit) {
  registerCall(app, contract, async ({ input, actor, db, clock }) => {
    const listed = await findListedEntityIds(db);
    const entityIds = resolveEntityIds(input.entities, listed);
    const fields = { name: input.name, alias: input.alias, entityIds };
    return db.transaction().execute(async (trx) => {
      // The read that answers the call also gives the audit event its old values: no extra statement.
      const edited = await editClient(trx, actor, input.client_id, fields, clock(), listed, {
        expected: input.expected,
      });
      if (!edited) throw new AppError('NotFound', 'No such client');
      const { name, alias, entity_ids } = edited.prior;
      const { client } = edited;
      // Both sides as the client reads (entities resolved alike): an unchanged field is not recorded.
      noteAudit({
        previous: { name, alias, entities: resolveEntityIds(entity_ids, listed) },
        next: { name: client.name, alias: client.alias, entities: client.entities },
      });
      return client;
    });
  });
}
