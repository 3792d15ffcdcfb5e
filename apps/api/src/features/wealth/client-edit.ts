import { resolveEntityIds, wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { isAuditing, noteAudit } from '../../shared/audit/audit-scope';
import { findListedEntityIds } from '../../shared/entity-catalogue';
import { registerCall } from '../../shared/http/register-call';
import { findClient, updateClient } from './clients.repository';

/** `contract` is the spec's call; bench/audit-overhead.ts mounts a twin without `audit` to price it. */
export function registerClientEdit(app: FastifyInstance, contract = wealth.clientEdit) {
  registerCall(app, contract, async ({ input, actor, db, clock }) => {
    const listed = await findListedEntityIds(db);
    const entityIds = resolveEntityIds(input.entities, listed);
    const fields = { name: input.name, alias: input.alias, entityIds };
    return db.transaction().execute(async (trx) => {
      // The old values only for the audit event (none is pending in an unaudited twin), read by the
      // update itself: no extra statement.
      const updated = await updateClient(trx, actor, input.client_id, fields, clock(), {
        withPrior: isAuditing(),
      });
      if (updated?.prior) {
        const { name, alias, entity_ids } = updated.prior;
        noteAudit({ previous: { name, alias, entities: resolveEntityIds(entity_ids, listed) } });
      }
      const client = updated ? await findClient(trx, actor, updated.id, listed) : null;
      if (!client) throw new AppError('NotFound', 'No such client');
      return client;
    });
  });
}
