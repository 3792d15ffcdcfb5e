import { platform } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { runAfterAnswer, whenAnswersSettled } from './after-answer';
import { mailResetLinks, reserveResetRequest } from './password-reset';

/**
 * Always success, whoever the email belongs to: the answer reveals no accounts. Its timing does not
 * either: before answering, only the rate limits run (the same work for every email); the lookup and
 * the mail run after the answer.
 */
export function registerForgotPassword(app: FastifyInstance) {
  registerPublicCall(app, platform.forgotPassword, async ({ input, request }) => {
    const requestedAt = app.deps.clock();
    await reserveResetRequest(app.deps, { email: input.email, ip: request.ip });
    // The link's lifetime counts from the request, not from when the work after the answer ran.
    const deps = { ...app.deps, clock: () => requestedAt, log: request.log };
    runAfterAnswer(() => mailResetLinks(deps, input), request.log);
    return { success: true as const };
  });
  // A stopping server finishes the mails it promised.
  app.addHook('onClose', () => whenAnswersSettled());
}
