import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { findInvitation } from './team';

/** The invited person's calls are public: the link's token is the only credential. */
export function registerGetInvitation(app: FastifyInstance) {
  registerPublicCall(app, team.getInvitation, ({ input }) => findInvitation(app.deps, input.token));
}
