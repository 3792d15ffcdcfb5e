import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { queueAttempt } from './queue-attempt';
import { replayDelivery } from './webhooks.repository';

/** Queued, never sent in the request. */
export function registerReplayDelivery(app: FastifyInstance) {
  registerCall(app, webhooks.replayDelivery, async ({ input, actor, db, clock, jobs, log }) => {
    const delivery = await replayDelivery(db, actor.companyId, input.delivery_id, clock());
    await queueAttempt(jobs, log, delivery.id);
    return delivery;
  });
}
