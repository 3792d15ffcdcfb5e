import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { noteAudit } from '../../shared/audit/audit-scope';
import { registerCall } from '../../shared/http/register-call';
import { deleteClient } from './clients.repository';

export function registerClientDelete(app: FastifyInstance) {
  registerCall(app, wealth.clientDelete, async ({ input, actor, db }) => {
    const deleted = await db.transaction().execute(async (trx) => {
      const client = await deleteClient(trx, actor, input.client_id);
      // In the deletion's own transaction: the event keeps who the client was once it is gone.
      if (client) noteAudit({ previous: { name: client.name, alias: client.alias } });
      return client;
    });
    if (!deleted) throw new AppError('NotFound', 'No such client');
    return { success: true } as const;
  });
}
