import { ERROR_STATUS, type ErrorCode, type FieldIssue } from '@caudal/contract';

/** An error meant for the caller: its code and status go on the wire, never its stack. */
export class AppError extends Error {
  readonly status: number;
  /** Sent as `Retry-After` (seconds): when a retry may succeed (429 throttles, 503 busy database). */
  retryAfterSeconds?: number;

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

/** A retriable refusal: the caller may try again after `seconds`. */
export function retryLater(code: ErrorCode, message: string, seconds: number): AppError {
  const error = new AppError(code, message);
  error.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
  return error;
}
