import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { acceptEndpointUrl } from './endpoint-url';
import { updateEndpoint } from './webhooks.repository';

export function registerUpdateEndpoint(app: FastifyInstance) {
  registerCall(app, webhooks.updateEndpoint, ({ input, actor, db, config, clock }) =>
    updateEndpoint(db, actor.companyId, {
      id: input.id,
      url: input.url === undefined ? undefined : acceptEndpointUrl(input.url, config.webhooks),
      eventTypes: input.event_types,
      enabled: input.enabled,
      now: clock(),
    }),
  );
}
