import { summary } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { deleteCredential } from '../connections';

/** The same deletion as credentials-delete: with its `credentials.deleted` event and its client noted. */
export function registerDeleteCredentials(app: FastifyInstance) {
  registerCall(app, summary.deleteCredentials, async ({ input, actor, db, clock }) => {
    if (!(await deleteCredential(db, actor, input.credentials_token, clock()))) {
      throw new AppError('NotFound', 'No such credential');
    }
    return { success: true } as const;
  });
}
