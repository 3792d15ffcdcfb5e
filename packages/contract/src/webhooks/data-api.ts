import { z } from 'zod';
import { ZEventType } from '../events/event-types';
import { DATA_API_PREFIX, defineDataApiCall } from '../shared/data-api';
import { ZEvent } from './payloads';

export const EVENTS_PAGE_MAX = 500;
/**
 * The feed shows events only once they are this old: an event is stamped when its change starts and
 * visible when it commits, so a reader that moved past a younger time could miss one still committing.
 */
export const EVENTS_FEED_LAG_MS = 15_000;

/** The company's events of the last 14 days, oldest first, after a cursor: for catching up on webhooks. */
export const listEvents = defineDataApiCall({
  path: `${DATA_API_PREFIX}/events`,
  operationId: 'listEvents',
  tag: 'Events',
  summary: 'List the company’s events (14 days), oldest first',
  description:
    'The same events webhooks deliver. Keep `next_cursor` and pass it back to read what happened since; ' +
    `events appear ${EVENTS_FEED_LAG_MS / 1000} s after they happen.`,
  query: z.object({
    cursor: z.string().max(200).optional().meta({ description: 'next_cursor of the previous page' }),
    limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_MAX).default(100),
    type: ZEventType.optional().meta({ description: 'Only this type' }),
  }),
  response: z.object({
    items: z.array(ZEvent),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: 'Where the next page starts; null when nothing was read yet' }),
    has_more: z.boolean(),
  }),
  errors: [],
});
