import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { deleteStaff } from './team';
import { scopeOf } from './team-scope';

export function registerDeleteStaff(app: FastifyInstance) {
  registerCall(app, team.deleteStaff, async ({ input, actor, log }) => {
    await deleteStaff({ ...app.deps, log }, scopeOf(actor), input);
    return { success: true as const };
  });
}
