import { ERROR_STATUS, type ErrorCode, type FieldIssue } from '@caudal/contract';

/** An error meant for the caller: its code and status go on the wire, never its stack. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = code,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
