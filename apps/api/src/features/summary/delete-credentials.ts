import { summary } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { deleteCompanyCredential } from './summary.repository';

export function registerDeleteCredentials(app: FastifyInstance) {
  registerCall(app, summary.deleteCredentials, async ({ input, actor, db }) => {
    if (!(await deleteCompanyCredential(db, actor, input.credentials_token))) {
      throw new AppError('NotFound', 'No such credential');
    }
    return { success: true } as const;
  });
}
