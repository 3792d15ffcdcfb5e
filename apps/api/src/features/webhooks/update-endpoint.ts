import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { noteAudit } from '../../shared/audit/audit-scope';
import { registerCall } from '../../shared/http/register-call';
import { acceptEndpointUrl } from './endpoint-url';
import { findEndpoint, updateEndpoint } from './webhooks.repository';

export function registerUpdateEndpoint(app: FastifyInstance) {
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
}
