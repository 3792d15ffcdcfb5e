import { auth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { toSignInOrigin } from '../../shared/auth/sign-in-session';
import { registerPublicCall } from '../../shared/http/register-call';
import { beginSignInEnrolment, confirmSignInEnrolment, verifySignInCode } from './second-step';
import { signIn } from './sign-in';

export function registerLogin(app: FastifyInstance) {
  registerPublicCall(app, auth.login, ({ input, request }) =>
    signIn(app.deps, input, toSignInOrigin(request.ip, request.headers['user-agent'], String(request.id))),
  );
  registerPublicCall(app, auth.verifySignInCode, ({ input, request }) =>
    verifySignInCode(
      app.deps,
      input,
      toSignInOrigin(request.ip, request.headers['user-agent'], String(request.id)),
    ),
  );
  registerPublicCall(app, auth.beginSignInEnrolment, ({ input }) => beginSignInEnrolment(app.deps, input));
  registerPublicCall(app, auth.confirmSignInEnrolment, ({ input, request }) =>
    confirmSignInEnrolment(
      app.deps,
      input,
      toSignInOrigin(request.ip, request.headers['user-agent'], String(request.id)),
    ),
  );
}
