import { security } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { confirmEnrolment } from './security';

export function registerConfirmEnrolment(app: FastifyInstance) {
  registerCall(app, security.confirmEnrolment, ({ input, actor }) =>
    confirmEnrolment(app.deps, actor, input.code),
  );
}
