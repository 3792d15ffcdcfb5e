import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { resendInvitation } from './team';
import { scopeOf } from './team-scope';

export function registerResendInvitation(app: FastifyInstance) {
  registerCall(app, team.resendInvitation, async ({ input, actor, log }) => {
    const resent = await resendInvitation({ ...app.deps, log }, scopeOf(actor), input);
    return resent.member;
  });
}
