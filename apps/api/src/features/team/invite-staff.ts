import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { inviteStaff } from './team';
import { scopeOf } from './team-scope';

export function registerInviteStaff(app: FastifyInstance) {
  registerCall(app, team.inviteStaff, async ({ input, actor, log }) => {
    const { permissions, ...rest } = input;
    const invited = await inviteStaff({ ...app.deps, log }, scopeOf(actor), {
      ...rest,
      permissions: { keys: permissions },
    });
    return invited.member;
  });
}
