import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { scopeOf } from './team-scope';
import { resetTwoFactor } from './two-factor-policy';

export function registerResetTwoFactor(app: FastifyInstance) {
  registerCall(app, team.resetTwoFactor, ({ input, actor, log }) =>
    resetTwoFactor({ ...app.deps, log }, scopeOf(actor), input),
  );
}
