import { applications } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { deleteApplication } from './applications.repository';

/** Its data-API tokens stop working with the row: every data-API request reads it. */
export function registerDeleteApplication(app: FastifyInstance) {
  registerCall(app, applications.deleteApplication, async ({ input, actor, db }) => {
    if (!(await deleteApplication(db, actor.companyId, input.client_id))) {
      throw new AppError('NotFound', 'No such application');
    }
    return { success: true } as const;
  });
}
