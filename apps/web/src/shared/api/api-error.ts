import {
  type ApiError as ApiErrorBody,
  type CallErrorCode,
  type CallRoute,
  type ErrorCode,
  type FieldIssue,
  isErrorCode,
} from '@caudal/contract/routes';
import { isRecord } from '../json/is-record';

/**
 * What every failed call throws: the wire error code (never a text), the HTTP status and field issues.
 * A call's failure only ever carries a code its contract declares (`callApi` narrows the rest to
 * `UnexpectedError`); screens read it with `isCallError`, which checks the codes they map.
 */
export class ApiError<Code extends ErrorCode = ErrorCode> extends Error {
  readonly code: Code;
  readonly status: number;
  readonly issues: readonly FieldIssue[];
  /** The answer's `Retry-After` (a 429 or 503 says when to try again), in seconds. */
  retryAfterSeconds: number | null = null;

  constructor(code: Code, status: number, issues: readonly FieldIssue[] = [], hint?: string) {
    super(hint ?? code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.issues = issues;
  }
}

/** `Retry-After` in seconds (the delay form; an HTTP date, which our API never sends, reads as none). */
export function readRetryAfter(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}

/**
 * Whether `error` is a failure with one of `codes`, which must be codes `route` may answer: its contract's
 * `errors`, the generic ones and its access's (`CallErrorCode`). Mapping a code the call never answers
 * is a type error, so a screen's error handling follows its contract. `route` is there for the types.
 */
export function isCallError<C extends CallRoute, const Codes extends CallErrorCode<C>>(
  _route: C,
  error: unknown,
  ...codes: Codes[]
): error is ApiError<Codes> {
  return error instanceof ApiError && (codes as readonly ErrorCode[]).includes(error.code);
}

/**
 * A code the call does not declare cannot be told apart by its screen: it answers as `UnexpectedError`
 * (status and hint kept), so the failure's type (`CallErrorCode`) is true at runtime too. The server
 * refuses, in tests, to answer a code its call does not declare; a proxy's bare 404 or 429 is the case.
 */
export function narrowToCall(error: ApiError, answerable: ReadonlySet<ErrorCode>): ApiError {
  if (answerable.has(error.code)) return error;
  return new ApiError('UnexpectedError', error.status, error.issues, error.message);
}

/** Status 0: the request never got an answer (offline, DNS, CORS). */
export const NETWORK_STATUS = 0;

/** Codes for answers without a contract error body (a proxy's 502, a bare 404…). */
function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'ValidationError';
  if (status === 401) return 'Unauthorized';
  if (status === 403) return 'Forbidden';
  if (status === 404) return 'NotFound';
  if (status === 413) return 'PayloadTooLarge';
  if (status === 415) return 'UnsupportedMediaType';
  if (status === 429) return 'RateLimited';
  // A proxy or load balancer with no healthy instance behind it: transient, worth retrying.
  if (status === 502 || status === 503 || status === 504) return 'ServiceUnavailable';
  return 'UnexpectedError';
}

export function toApiError(status: number, body: unknown): ApiError {
  if (isApiErrorBody(body)) {
    const { code, message, issues } = body.error;
    return new ApiError(code, status, issues ?? [], message);
  }
  return new ApiError(codeForStatus(status), status);
}

/**
 * The contract's error body (`ZApiError`), checked by hand: zod would be the first screen's largest
 * download, and the login page reads error bodies. Anything else (a proxy's HTML, another shape) is
 * not a contract error, and the status decides the code.
 */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (!isRecord(body) || !isRecord(body.error)) return false;
  const { code, message, issues } = body.error;
  if (!isErrorCode(code) || typeof message !== 'string') return false;
  return issues === undefined || (Array.isArray(issues) && issues.every(isFieldIssue));
}

function isFieldIssue(issue: unknown): issue is FieldIssue {
  if (!isRecord(issue) || typeof issue.message !== 'string') return false;
  const { path, params } = issue;
  if (!Array.isArray(path) || !path.every(isStringOrNumber)) return false;
  return params === undefined || (isRecord(params) && Object.values(params).every(isStringOrNumber));
}

function isStringOrNumber(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

/**
 * Spec section 4/8: a 401 or 403 from any call, or an expired session, marks the user logged out.
 * Public calls are the exception: a failed login (401 LoginFailed) is an answer, not a lost session.
 */
export function endsSession(error: ApiError, isPublicCall: boolean): boolean {
  if (isPublicCall) return false;
  return error.status === 401 || error.status === 403 || error.code === 'SessionExpired';
}

/** The catalogue key of the text to show for a failed call. */
export function errorMessageKey(error: unknown): string {
  if (error instanceof ApiError) {
    return error.status === NETWORK_STATUS ? 'errors.network' : `errors.codes.${error.code}`;
  }
  return 'errors.generic';
}

/** Only transient failures are worth retrying: never client errors, never a lost session. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return isTransient(error);
}

function isTransient(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === NETWORK_STATUS || error.status >= 500);
}

/** Bounds of the wait before a failed screen asks again: a server's Retry-After is kept within them. */
const OUTAGE_REFETCH_SECONDS = { default: 10, min: 5, max: 60 };

/**
 * How long a query left failed by a transient error (the network, a 5xx such as the database gone)
 * waits before it asks again by itself, from the server's Retry-After when it gave one; false for any
 * other state. Its retries (`shouldRetry`) are spent within seconds, and an outage lasts longer: the
 * screen said "try again in a few seconds" and then never did (QA). Runs only while the tab is visible.
 */
export function refetchAfterOutage(query: { state: { status: string; error: unknown } }): number | false {
  const { status, error } = query.state;
  if (status !== 'error' || !isTransient(error)) return false;
  const seconds = error.retryAfterSeconds ?? OUTAGE_REFETCH_SECONDS.default;
  return Math.min(Math.max(seconds, OUTAGE_REFETCH_SECONDS.min), OUTAGE_REFETCH_SECONDS.max) * 1000;
}
