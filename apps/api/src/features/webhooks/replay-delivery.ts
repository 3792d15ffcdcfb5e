import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { retryLater } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { hitRateLimit } from '../../shared/rate-limit';
import { queueAttempt } from './queue-attempt';
import { replayDelivery } from './webhooks.repository';

/** Replays are asked one delivery at a time from the log; a script replaying in a loop stops here. */
export const REPLAYS_PER_MINUTE = 60;

/** Queued, never sent in the request. */
export function registerReplayDelivery(app: FastifyInstance) {
  registerCall(app, webhooks.replayDelivery, async ({ input, actor, db, clock, jobs, log }) => {
    const now = clock();
    const limit = await hitRateLimit(
      db,
      { key: `webhook-replay:company:${actor.companyId}`, limit: REPLAYS_PER_MINUTE, windowMinutes: 1 },
      now,
    );
    if (!limit.isAllowed) throw retryLater('RateLimited', 'Too many replays', limit.resetSeconds);
    const delivery = await replayDelivery(db, actor.companyId, input.delivery_id, now);
    await queueAttempt(db, jobs, log, delivery.id);
    return delivery;
  });
}
