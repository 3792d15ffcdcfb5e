import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { updateStaff } from './team';
import { scopeOf } from './team-scope';

export function registerUpdateStaff(app: FastifyInstance) {
  registerCall(app, team.updateStaff, ({ input, actor, log }) =>
    updateStaff({ ...app.deps, log }, scopeOf(actor), {
      username: input.username,
      role: input.role,
      permissions: { keys: input.permissions },
      expected: input.expected,
    }),
  );
}
