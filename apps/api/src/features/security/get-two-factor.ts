import { security } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { getTwoFactor } from './security';

export function registerGetTwoFactor(app: FastifyInstance) {
  registerCall(app, security.getTwoFactor, ({ actor }) => getTwoFactor(app.deps, actor));
}
