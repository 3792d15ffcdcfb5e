import { portals } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { replacePortalClients } from './portals.repository';

export function registerUpdatePortal(app: FastifyInstance) {
  registerCall(app, portals.updatePortal, async ({ input, actor, db }) => {
    const user = await replacePortalClients(db, actor, input.username, input.client_ids, {
      expected: input.expected_client_ids,
    });
    if (!user) throw new AppError('NotFound', 'No such portal user');
    return user;
  });
}
