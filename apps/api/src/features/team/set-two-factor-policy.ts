import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { scopeOf } from './team-scope';
import { setTwoFactorPolicy } from './two-factor-policy';

export function registerSetTwoFactorPolicy(app: FastifyInstance) {
  registerCall(app, team.setTwoFactorPolicy, ({ input, actor }) =>
    setTwoFactorPolicy(app.deps, scopeOf(actor), input),
  );
}
