import { webhooks } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { sendDelivery } from './webhook-jobs';
import { createTestDelivery, listAttempts, listDeliveries, replayDelivery } from './webhooks.repository';

/** The delivery log: list, attempts, replay and "send a test event" (queued, never sent in the request). */
export function registerDeliveryCalls(app: FastifyInstance) {
  registerCall(app, webhooks.listDeliveries, ({ input, actor, db }) =>
    listDeliveries(db, actor.companyId, {
      endpointId: input.endpoint_id,
      status: input.status,
      cursor: input.cursor,
    }),
  );

  registerCall(app, webhooks.listAttempts, ({ input, actor, db }) =>
    listAttempts(db, actor.companyId, input.delivery_id),
  );

  registerCall(app, webhooks.replayDelivery, async ({ input, actor, db, clock, jobs, log }) => {
    const delivery = await replayDelivery(db, actor.companyId, input.delivery_id, clock());
    await queueAttempt(jobs, log, delivery.id);
    return delivery;
  });

  registerCall(app, webhooks.sendTestEvent, async ({ input, actor, db, clock, jobs, log }) => {
    const delivery = await createTestDelivery(db, actor.companyId, input.id, clock());
    await queueAttempt(jobs, log, delivery.id);
    return delivery;
  });
}

/** A lost send is not an error to the user: the sweep sends a due delivery within a minute or two. */
async function queueAttempt(
  jobs: Parameters<typeof sendDelivery>[0],
  log: { warn: (o: object, m: string) => void },
  id: string,
) {
  try {
    await sendDelivery(jobs, id);
  } catch (error) {
    log.warn({ deliveryId: id, err: error }, 'could not queue a webhook delivery; the sweep will');
  }
}
