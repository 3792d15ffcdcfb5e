import type { FastifyInstance } from 'fastify';
import { registerEventsFeed } from './data-api';
import { registerDeliveryCalls } from './delivery-calls';
import { registerEndpointCalls } from './endpoint-calls';

export { webhookJobs } from './webhook-jobs';
export { webhooksPurgeTasks } from './webhooks-housekeeping';

export function registerWebhooksCalls(app: FastifyInstance) {
  registerEndpointCalls(app);
  registerDeliveryCalls(app);
  registerEventsFeed(app);
}
