import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { queueAttempt } from './queue-attempt';
import { createTestDelivery } from './webhooks.repository';

/** Queued, never sent in the request. */
export function registerSendTestEvent(app: FastifyInstance) {
  registerCall(app, webhooks.sendTestEvent, async ({ input, actor, db, clock, jobs, log }) => {
    const delivery = await createTestDelivery(db, actor.companyId, input.id, clock());
    await queueAttempt(jobs, log, delivery.id);
    return delivery;
  });
}
