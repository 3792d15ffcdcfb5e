import { AUDIT_PAGE_SIZE, audit, VALIDATION } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { toAuditFilter } from '../../shared/audit/audit-filter';
import { registerCall } from '../../shared/http/register-call';
import { type AuditCursor, findAuditPage, findTargetNames, toAuditEvent } from './audit.repository';

export function registerListAuditEvents(app: FastifyInstance) {
  registerCall(app, audit.listAuditEvents, async ({ input, actor, db }) => {
    const limit = input.limit ?? AUDIT_PAGE_SIZE;
    const cursor = input.cursor ? decodeCursor(input.cursor) : null;
    // One more than the page: whether a next page exists, without counting the whole log.
    const rows = await findAuditPage(db, actor.companyId, toAuditFilter(input), cursor, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const next = rows.length > limit && last ? encodeCursor(last.position) : null;
    const names = await findTargetNames(db, actor.companyId, page);
    return { items: page.map((row) => toAuditEvent(row, names)), next_cursor: next };
  });
}

function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(`p${cursor}`).toString('base64url');
}

function decodeCursor(value: string): AuditCursor {
  const position = /^p([1-9]\d{0,17})$/.exec(Buffer.from(value, 'base64url').toString())?.[1];
  if (!position) {
    throw new AppError('ValidationError', 'The cursor is not valid', [
      { path: ['cursor'], message: VALIDATION.invalid },
    ]);
  }
  return position;
}
