import type { FastifyInstance } from 'fastify';
import { registerCreatePortal } from './create-portal';
import { registerDeletePortal } from './delete-portal';
import { registerGetPortal } from './get-portal';
import { registerListPortals } from './list-portals';
import { registerUpdatePortal } from './update-portal';

export function registerPortalsCalls(app: FastifyInstance) {
  registerListPortals(app);
  registerGetPortal(app);
  registerCreatePortal(app);
  registerUpdatePortal(app);
  registerDeletePortal(app);
}
