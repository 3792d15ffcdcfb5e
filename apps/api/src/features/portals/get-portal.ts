import { portals } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { findPortalUser } from './portals.repository';

export function registerGetPortal(app: FastifyInstance) {
  registerCall(app, portals.getPortal, async ({ input, actor, db }) => {
    const user = await findPortalUser(db, actor, input.username);
    if (!user) throw new AppError('NotFound', 'No such portal user');
    return user;
  });
}
