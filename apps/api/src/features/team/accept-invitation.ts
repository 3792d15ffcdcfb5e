import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { acceptInvitation } from './team';

export function registerAcceptInvitation(app: FastifyInstance) {
  registerPublicCall(app, team.acceptInvitation, ({ input, log }) =>
    acceptInvitation({ ...app.deps, log }, input),
  );
}
