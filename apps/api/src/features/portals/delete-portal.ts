import { portals } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { deletePortalUser } from './portals.repository';

export function registerDeletePortal(app: FastifyInstance) {
  registerCall(app, portals.deletePortal, async ({ input, actor, db, clock }) => {
    if (!(await deletePortalUser(db, actor, input.username, clock()))) {
      throw new AppError('NotFound', 'No such portal user');
    }
    return { success: true } as const;
  });
}
