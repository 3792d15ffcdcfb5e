import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { acceptInvitation, findInvitation } from './team';

/** The invited person's calls: public, the link's token is the only credential. */
export function registerInvitationCalls(app: FastifyInstance) {
  registerPublicCall(app, team.getInvitation, ({ input }) => findInvitation(app.deps, input.token));
  registerPublicCall(app, team.acceptInvitation, ({ input, log }) =>
    acceptInvitation({ ...app.deps, log }, input),
  );
}
