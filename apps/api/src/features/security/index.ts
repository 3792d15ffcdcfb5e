import { security } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import {
  beginEnrolment,
  confirmEnrolment,
  endOtherSessions,
  endSession,
  getTwoFactor,
  listSessions,
} from './security';

/** The signed-in user's own account security: two-factor sign-in and live sessions. */
export function registerSecurityFeature(app: FastifyInstance) {
  registerCall(app, security.getTwoFactor, ({ actor }) => getTwoFactor(app.deps, actor));
  registerCall(app, security.beginEnrolment, ({ actor }) => beginEnrolment(app.deps, actor));
  registerCall(app, security.confirmEnrolment, ({ input, actor }) =>
    confirmEnrolment(app.deps, actor, input.code),
  );
  registerCall(app, security.listSessions, ({ actor }) => listSessions(app.deps, actor));
  registerCall(app, security.endSession, async ({ input, actor }) => {
    await endSession(app.deps, actor, input.id);
    return { success: true as const };
  });
  registerCall(app, security.endOtherSessions, ({ actor }) => endOtherSessions(app.deps, actor));
}
