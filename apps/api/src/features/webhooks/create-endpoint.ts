import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { loadSecretKey } from '../../shared/crypto/sealing';
import { registerCall } from '../../shared/http/register-call';
import { acceptEndpointUrl } from './endpoint-url';
import { createEndpoint } from './webhooks.repository';

/** The secret is answered once, on creation. */
export function registerCreateEndpoint(app: FastifyInstance) {
  registerCall(app, webhooks.createEndpoint, async ({ input, actor, db, config, clock }) =>
    createEndpoint(db, await loadSecretKey(db, config.credentialsKey), {
      companyId: actor.companyId,
      clientId: input.client_id,
      url: acceptEndpointUrl(input.url, config.webhooks),
      eventTypes: input.event_types,
      now: clock(),
    }),
  );
}
