import { sendDelivery } from './webhook-jobs';

/** A lost send is not an error to the user: the sweep sends a due delivery within a minute or two. */
export async function queueAttempt(
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
