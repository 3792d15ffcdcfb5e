import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { retryLater } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { hitRateLimit } from '../../shared/rate-limit';
import { queueAttempt } from './queue-attempt';
import { createTestDelivery } from './webhooks.repository';

/** A person trying an endpoint, not a feed: more a minute is a script flooding the delivery workers. */
export const TEST_EVENTS_PER_MINUTE = 10;

/** Queued, never sent in the request. */
export function registerSendTestEvent(app: FastifyInstance) {
  registerCall(app, webhooks.sendTestEvent, async ({ input, actor, db, clock, jobs, log }) => {
    const now = clock();
    const limit = await hitRateLimit(
      db,
      { key: `webhook-test:company:${actor.companyId}`, limit: TEST_EVENTS_PER_MINUTE, windowMinutes: 1 },
      now,
    );
    if (!limit.isAllowed) throw retryLater('RateLimited', 'Too many test events', limit.resetSeconds);
    const delivery = await createTestDelivery(db, actor.companyId, input.id, now);
    await queueAttempt(db, jobs, log, delivery.id);
    return delivery;
  });
}
