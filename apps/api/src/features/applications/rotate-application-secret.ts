import { applications } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { rotateApplicationSecret } from './applications.repository';

/** The new secret is in the answer and nowhere else; the old one overlaps for the hours chosen. */
export function registerRotateApplicationSecret(app: FastifyInstance) {
  registerCall(app, applications.rotateApplicationSecret, ({ input, actor, db, clock }) =>
    rotateApplicationSecret(db, {
      companyId: actor.companyId,
      clientId: input.client_id,
      overlapHours: input.overlap_hours,
      now: clock(),
      proof: { by: 'staff' },
    }),
  );
}
