import { wealth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { deleteClient } from './clients.repository';

export function registerClientDelete(app: FastifyInstance) {
  registerCall(app, wealth.clientDelete, async ({ input, actor, db }) => {
    if (!(await deleteClient(db, actor, input.client_id))) throw new AppError('NotFound', 'No such client');
    return { success: true } as const;
  });
}
