import { security } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { endOtherSessions } from './security';

export function registerEndOtherSessions(app: FastifyInstance) {
  registerCall(app, security.endOtherSessions, ({ actor }) => endOtherSessions(app.deps, actor));
}
