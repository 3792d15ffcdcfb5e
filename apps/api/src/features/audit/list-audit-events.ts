import { AUDIT_PAGE_SIZE, audit, VALIDATION } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { toAuditFilter } from '../../shared/audit/audit-filter';
import { registerCall } from '../../shared/http/register-call';
import { type AuditCursor, findAuditPage } from './audit.repository';

export function registerListAuditEvents(app: FastifyInstance) {
  registerCall(app, audit.listAuditEvents, async ({ input, actor, db }) => {
    const limit = input.limit ?? AUDIT_PAGE_SIZE;
    const cursor = input.cursor ? decodeCursor(input.cursor) : null;
    // One more than the page: whether a next page exists, without counting the whole log.
    const rows = await findAuditPage(db, actor.companyId, toAuditFilter(input), cursor, limit + 1);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    const next =
      rows.length > limit && last ? encodeCursor({ occurredAt: last.occurred_at, id: last.id }) : null;
    return { items, next_cursor: next };
  });
}

function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.occurredAt}|${cursor.id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function decodeCursor(value: string): AuditCursor {
  const [occurredAt = '', id = ''] = Buffer.from(value, 'base64url').toString().split('|');
  if (Number.isNaN(Date.parse(occurredAt)) || !UUID.test(id)) {
    throw new AppError('ValidationError', 'The cursor is not valid', [
      { path: ['cursor'], message: VALIDATION.invalid },
    ]);
  }
  return { occurredAt, id };
}
