import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { noteAudit } from '../../shared/audit/audit-scope';
import { loadSecretKey } from '../../shared/crypto/sealing';
import { registerCall } from '../../shared/http/register-call';
import { findEndpoint, rotateEndpointSecret } from './webhooks.repository';

export function registerRotateEndpointSecret(app: FastifyInstance) {
  registerCall(app, webhooks.rotateEndpointSecret, async ({ input, actor, db, config, clock }) => {
    const current = await findEndpoint(db, actor.companyId, input.id);
    // Noted before the rotation, which is the statement the event commits with.
    noteAudit({ targets: { application: current.client_id } });
    return rotateEndpointSecret(db, await loadSecretKey(db, config.credentialsKey), current, {
      overlapHours: input.overlap_hours,
      now: clock(),
    });
  });
}
