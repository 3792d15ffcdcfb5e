import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { noteAudit } from '../../shared/audit/audit-scope';
import { loadSecretKey } from '../../shared/crypto/sealing';
import { registerCall } from '../../shared/http/register-call';
import { rotateEndpointSecret } from './webhooks.repository';

export function registerRotateEndpointSecret(app: FastifyInstance) {
  registerCall(app, webhooks.rotateEndpointSecret, async ({ input, actor, db, config, clock }) => {
    const result = await rotateEndpointSecret(db, await loadSecretKey(db, config.credentialsKey), {
      companyId: actor.companyId,
      id: input.id,
      overlapHours: input.overlap_hours,
      now: clock(),
    });
    noteAudit({ targets: { application: result.endpoint.client_id } });
    return result;
  });
}
