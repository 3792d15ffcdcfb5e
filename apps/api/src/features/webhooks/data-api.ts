import {
  EVENTS_FEED_LAG_MS,
  type EventType,
  WEBHOOK_RETENTION_DAYS,
  webhooksDataApi,
} from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerDataApiCall } from '../../shared/data-api/register-data-api-call';

const encode = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

function decode(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const time = new Date(at ?? '');
  if (!id || Number.isNaN(time.getTime())) throw new AppError('ValidationError', 'cursor is not one we gave');
  return { at: time, id };
}

/**
 * `GET /api/v1/events`: the company's outbox, oldest first after the cursor, 14 days back, every type
 * alike. Events younger than the feed's lag are held back, so a reader never moves past one that is
 * still committing (decision 0032).
 */
export function registerEventsFeed(app: FastifyInstance) {
  registerDataApiCall(app, webhooksDataApi.listEvents, async ({ input, scope, db, clock }) => {
    const now = clock();
    const after = input.query.cursor ? decode(input.query.cursor) : null;
    const oldest = new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * 86_400_000);
    const rows = await db
      .selectFrom('events')
      .select(['id', 'type', 'occurred_at', 'data'])
      .where('company_id', '=', scope.companyId)
      .where('occurred_at', '>=', oldest)
      .where('occurred_at', '<=', new Date(now.getTime() - EVENTS_FEED_LAG_MS))
      .$if(input.query.type !== undefined, (qb) => qb.where('type', '=', input.query.type as string))
      .$if(after !== null, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('occurred_at', '>', after?.at as Date),
            eb.and([eb('occurred_at', '=', after?.at as Date), eb('id', '>', after?.id as string)]),
          ]),
        ),
      )
      .orderBy('occurred_at')
      .orderBy('id')
      .limit(input.query.limit + 1)
      .execute();
    const page = rows.slice(0, input.query.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        id: row.id,
        type: row.type as EventType,
        timestamp: new Date(row.occurred_at).toISOString(),
        data: row.data,
      })),
      next_cursor: last ? encode(new Date(last.occurred_at), last.id) : (input.query.cursor ?? null),
      has_more: rows.length > input.query.limit,
    };
  });
}
