import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { toSignInOrigin } from '../../shared/auth/sign-in-session';
import { registerPublicCall } from '../../shared/http/register-call';
import { acceptInvitation } from './team';

export function registerAcceptInvitation(app: FastifyInstance) {
  registerPublicCall(app, team.acceptInvitation, ({ input, log, request }) =>
    acceptInvitation(
      { ...app.deps, log },
      input,
      toSignInOrigin(request.ip, request.headers['user-agent'], String(request.id)),
    ),
  );
}
