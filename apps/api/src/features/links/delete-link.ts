import { links } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { deleteLink } from './links.repository';

export function registerDeleteLink(app: FastifyInstance) {
  registerCall(app, links.deleteLink, async ({ input, actor, db, clock }) => {
    await deleteLink(db, { companyId: actor.companyId, token: input.token, now: clock() });
    return { success: true as const };
  });
}
