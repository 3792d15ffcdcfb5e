import { STATEMENT_DEADLINE } from './statement-deadline';

/** SQLSTATE of a unique violation, the same on PostgreSQL and PGlite. */
const UNIQUE_VIOLATION = '23505';

/** True when `error` is the database refusing a duplicate on the named unique index or constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && violated === constraint;
}

/**
 * SQLSTATEs that say "not now" rather than "never": the server is shutting down or restarting, a
 * connection broke, a statement hit `statement_timeout` (57014) or `lock_timeout` (55P03), too many
 * connections, a serialization failure or deadlock. The same request may succeed when retried.
 */
const RETRIABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '55P03', '53300', '40001', '40P01']);
/**
 * SQLSTATEs a new connection meets while the database is there but refuses it: taken out of service
 * (`ALTER DATABASE … ALLOW_CONNECTIONS false` answers 55000 with this message; 55000 elsewhere is a
 * statement's own error, so only this message counts), dropped or renamed (3D000), or the role's
 * password or access changed under us (28P01, 28000). The operator's fix needs no new code, so the
 * caller is told "not now" (503 with Retry-After), as for a restart, not "our bug" (500).
 */
const REFUSED_CONNECTION_SQLSTATES = new Set(['3D000', '28P01', '28000']);
const NOT_ACCEPTING_CONNECTIONS = /is not currently accepting connections/;
/** Class 08: connection exception. */
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;
/** Socket errors node-postgres passes through when the server vanishes or cannot be reached. */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres reports a lost connection and a pool wait that ran out by message only. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * True for a prepared statement another instance's migration made stale, failed inside a transaction
 * (db/prepared-pool.ts marks it): not now rather than never, the same call sent again prepares it anew.
 */
export function isStaleInTransaction(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { isStaleStatement?: unknown }).isStaleStatement === true
  );
}

/** True when the database is unreachable, restarting or too busy: answer a retriable 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (isStaleInTransaction(error)) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (RETRIABLE_SQLSTATES.has(code) || CONNECTION_EXCEPTION.test(code) || SOCKET_ERRORS.has(code))
      return true;
    if (REFUSED_CONNECTION_SQLSTATES.has(code)) return true;
    if (code === '55000' && typeof message === 'string' && NOT_ACCEPTING_CONNECTIONS.test(message))
      return true;
    // PGlite's mutex wait ran out (db/mutex.ts).
    if (code === 'MUTEX_TIMEOUT') return true;
    // PostgreSQL did not answer a statement in time and its connection was closed (db/statement-deadline.ts).
    if (code === STATEMENT_DEADLINE) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.startsWith(text));
}
