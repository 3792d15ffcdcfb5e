import type { FastifyInstance } from 'fastify';
import { registerBeginEnrolment } from './begin-enrolment';
import { registerConfirmEnrolment } from './confirm-enrolment';
import { registerEndOtherSessions } from './end-other-sessions';
import { registerEndSession } from './end-session';
import { registerGetTwoFactor } from './get-two-factor';
import { registerListSessions } from './list-sessions';

/** The signed-in user's own account security: two-factor sign-in and live sessions. */
export function registerSecurityFeature(app: FastifyInstance) {
  registerGetTwoFactor(app);
  registerBeginEnrolment(app);
  registerConfirmEnrolment(app);
  registerListSessions(app);
  registerEndSession(app);
  registerEndOtherSessions(app);
}
