import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { scopeOf } from './team-scope';
import { getTwoFactorPolicy } from './two-factor-policy';

export function registerGetTwoFactorPolicy(app: FastifyInstance) {
  registerCall(app, team.getTwoFactorPolicy, ({ actor }) => getTwoFactorPolicy(app.deps, scopeOf(actor)));
}
