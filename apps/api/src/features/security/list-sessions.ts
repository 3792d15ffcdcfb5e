import { security } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { listSessions } from './security';

export function registerListSessions(app: FastifyInstance) {
  registerCall(app, security.listSessions, ({ actor }) => listSessions(app.deps, actor));
}
