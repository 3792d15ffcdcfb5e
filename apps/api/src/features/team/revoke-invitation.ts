import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { revokeInvitation } from './team';
import { scopeOf } from './team-scope';

export function registerRevokeInvitation(app: FastifyInstance) {
  registerCall(app, team.revokeInvitation, async ({ input, actor, log }) => {
    await revokeInvitation({ ...app.deps, log }, scopeOf(actor), input);
    return { success: true as const };
  });
}
