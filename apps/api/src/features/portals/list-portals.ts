import { portals } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerListCall } from '../../shared/http/register-call';
import { findPortalUsers } from './portals.repository';

export function registerListPortals(app: FastifyInstance) {
  registerListCall(app, portals.listPortals, ({ input, actor, db }) =>
    findPortalUsers(db, actor, input ?? {}),
  );
}
