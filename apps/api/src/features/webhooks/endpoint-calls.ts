import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { noteAudit } from '../../shared/audit/audit-scope';
import { loadSecretKey } from '../../shared/crypto/sealing';
import { registerCall } from '../../shared/http/register-call';
import { acceptEndpointUrl } from './endpoint-url';
import {
  createEndpoint,
  deleteEndpoint,
  findEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
} from './webhooks.repository';

/** An application's webhook endpoints: list, create (secret once), update, rotate the secret, delete. */
export function registerEndpointCalls(app: FastifyInstance) {
  registerCall(app, webhooks.listEndpoints, ({ input, actor, db, clock }) =>
    listEndpoints(db, actor.companyId, input.client_id, clock()),
  );

  registerCall(app, webhooks.createEndpoint, async ({ input, actor, db, config, clock }) =>
    createEndpoint(db, await loadSecretKey(db, config.credentialsKey), {
      companyId: actor.companyId,
      clientId: input.client_id,
      url: acceptEndpointUrl(input.url, config.webhooks),
      eventTypes: input.event_types,
      now: clock(),
    }),
  );

  registerCall(app, webhooks.updateEndpoint, async ({ input, actor, db, config, clock }) => {
    const current = await findEndpoint(db, actor.companyId, input.id);
    noteAudit({
      targets: { application: current.client_id },
      previous: { url: current.url, event_types: current.event_types, enabled: current.enabled },
    });
    return updateEndpoint(db, actor.companyId, {
      id: input.id,
      url: input.url === undefined ? undefined : acceptEndpointUrl(input.url, config.webhooks),
      eventTypes: input.event_types,
      enabled: input.enabled,
      now: clock(),
    });
  });

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

  registerCall(app, webhooks.deleteEndpoint, async ({ input, actor, db }) => {
    const current = await findEndpoint(db, actor.companyId, input.id);
    noteAudit({ targets: { application: current.client_id }, previous: { url: current.url } });
    await deleteEndpoint(db, actor.companyId, input.id);
    return { success: true } as const;
  });
}
