import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { enableStaff } from './team';
import { scopeOf } from './team-scope';

export function registerEnableStaff(app: FastifyInstance) {
  registerCall(app, team.enableStaff, ({ input, actor, log }) =>
    enableStaff({ ...app.deps, log }, scopeOf(actor), input),
  );
}
