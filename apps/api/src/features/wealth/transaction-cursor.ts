import { VALIDATION } from '@caudal/contract';
import { AppError } from '../../shared/app-error';

/** Where a page of transactions ended: the keyset (operation date, id) of its last row. */
export interface TransactionCursor {
  operationDate: string;
  id: string;
}

const DECODED = /^(\d{4}-\d{2}-\d{2})\|(\d{1,18})$/;

/** Opaque to callers: base64url of `date|id`, so nobody builds or edits one by hand. */
export function encodeCursor(cursor: TransactionCursor): string {
  return Buffer.from(`${cursor.operationDate}|${cursor.id}`).toString('base64url');
}

/** A cursor we did not issue is the caller's mistake: a 400 on `cursor`, never a database error. */
export function decodeCursor(cursor: string | undefined): TransactionCursor | null {
  if (cursor === undefined) return null;
  const match = DECODED.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const operationDate = match?.[1];
  const id = match?.[2];
  if (!operationDate || !id || !isRealDate(operationDate)) {
    throw new AppError('ValidationError', 'The cursor is not valid', [
      { path: ['cursor'], message: VALIDATION.invalid },
    ]);
  }
  return { operationDate, id };
}

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  // PostgreSQL has no year 0.
  return value >= '0001-01-01' && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
