import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { deleteCredential } from './connections.repository';

export function registerCredentialsDelete(app: FastifyInstance) {
  registerCall(app, connections.credentialsDelete, async ({ input, actor, db, clock }) => {
    if (!(await deleteCredential(db, actor, input.credentials_token, clock()))) {
      throw new AppError('NotFound', 'No such credential');
    }
    return { success: true } as const;
  });
}
