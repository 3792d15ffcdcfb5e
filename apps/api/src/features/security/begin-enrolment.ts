import { security } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { beginEnrolment } from './security';

export function registerBeginEnrolment(app: FastifyInstance) {
  registerCall(app, security.beginEnrolment, ({ actor }) => beginEnrolment(app.deps, actor));
}
