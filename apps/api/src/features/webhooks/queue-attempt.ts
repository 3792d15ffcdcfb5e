import { sendDelivery } from './webhook-jobs';

/** A lost send is not an error to the user: the sweep sends a due delivery within a minute or two. */
export async function queueAttempt(
  db: Parameters<typeof sendDelivery>[0],
  jobs: Parameters<typeof sendDelivery>[1],
  log: { warn: (o: object, m: string) => void },
  id: string,
) {
  try {
    await sendDelivery(db, jobs, id);
  } catch (error) {
    log.warn({ deliveryId: id, err: error }, 'could not queue a webhook delivery; the sweep will');
  }
}
