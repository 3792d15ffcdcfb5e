import { auth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { requestOriginOf } from '../../shared/audit/audit-call';
import { registerPublicCall } from '../../shared/http/register-call';
import { signIn } from './sign-in';

export function registerLogin(app: FastifyInstance) {
  registerPublicCall(app, auth.login, ({ input, request }) =>
    signIn(app.deps, input, request.ip, requestOriginOf(request)),
  );
}
