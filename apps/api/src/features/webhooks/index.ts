import type { FastifyInstance } from 'fastify';
import { registerCreateEndpoint } from './create-endpoint';
import { registerEventsFeed } from './data-api';
import { registerDeleteEndpoint } from './delete-endpoint';
import { registerListAttempts } from './list-attempts';
import { registerListDeliveries } from './list-deliveries';
import { registerListEndpoints } from './list-endpoints';
import { registerReplayDelivery } from './replay-delivery';
import { registerRotateEndpointSecret } from './rotate-endpoint-secret';
import { registerSendTestEvent } from './send-test-event';
import { registerUpdateEndpoint } from './update-endpoint';

export { webhookJobs } from './webhook-jobs';
export { webhooksPurgeTasks } from './webhooks-housekeeping';

export function registerWebhooksCalls(app: FastifyInstance) {
  // An application's webhook endpoints: list, create (secret once), update, rotate the secret, delete.
  registerListEndpoints(app);
  registerCreateEndpoint(app);
  registerUpdateEndpoint(app);
  registerRotateEndpointSecret(app);
  registerDeleteEndpoint(app);
  // The delivery log: list, attempts, replay and "send a test event".
  registerListDeliveries(app);
  registerListAttempts(app);
  registerReplayDelivery(app);
  registerSendTestEvent(app);
  registerEventsFeed(app);
}
