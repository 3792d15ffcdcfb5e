import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerListCall } from '../../shared/http/register-call';
import { listStaff } from './team';
import { scopeOf } from './team-scope';

/** The Team section's calls are admins only (the guard answers 403 to anyone else). */
export function registerListStaff(app: FastifyInstance) {
  registerListCall(app, team.listStaff, ({ input, actor, db, clock }) =>
    listStaff({ db, clock }, scopeOf(actor), input ?? {}),
  );
}
