import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { disableStaff } from './team';
import { scopeOf } from './team-scope';

export function registerDisableStaff(app: FastifyInstance) {
  registerCall(app, team.disableStaff, ({ input, actor, log }) =>
    disableStaff({ ...app.deps, log }, scopeOf(actor), input),
  );
}
