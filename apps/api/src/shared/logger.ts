import pino, { type DestinationStream, type Logger } from 'pino';
import { maskCredentialPath } from './http/credential-paths';

/** Secrets never reach the logs, wherever they sit in a logged object (down to two levels, as before). */
const SECRET_FIELDS = [
  'password',
  'token',
  'access_token',
  'id_token',
  'reset_token',
  'client_secret',
  'authorization',
  'cookie',
  'set-cookie',
];
const SECRET_KEYS: ReadonlySet<string> = new Set(SECRET_FIELDS);
export const LOG_CENSOR = '[redacted]';
/** `field`, `*.field` and `*.*.field`: the paths pino's `redact` was given before this walk replaced it. */
const REDACT_DEPTH = 2;
/** Keys whose serializer below rewrites them and emits no secret: their raw value is not walked. */
const SERIALIZED_KEYS: ReadonlySet<string> = new Set(['req', 'err']);

/**
 * The object with every secret field (`SECRET_FIELDS`, at its top level or one or two levels down)
 * replaced by `[redacted]`; the same object when it holds none, a copy otherwise (the caller's object is
 * never changed). This replaces pino's `redact` option, which ran a wildcard redactor over every value of
 * every line: ~150 µs a line, most of a small call's logging cost (bench/README.md, issue 32); this walk
 * costs a few µs and censors the same paths.
 */
export function redactSecrets<T>(value: T, depth = 0, skip: ReadonlySet<string> | null = null): T {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index++) {
      const child = depth < REDACT_DEPTH ? redactSecrets(value[index], depth + 1) : value[index];
      if (child !== value[index]) {
        copy ??= [...value];
        copy[index] = child;
      }
    }
    return (copy ?? value) as T;
  }
  let copy: Record<string, unknown> | null = null;
  const object = value as Record<string, unknown>;
  for (const key in object) {
    if (!Object.hasOwn(object, key) || skip?.has(key)) continue;
    const child = object[key];
    const next = SECRET_KEYS.has(key.toLowerCase())
      ? LOG_CENSOR
      : depth < REDACT_DEPTH
        ? redactSecrets(child, depth + 1)
        : child;
    if (next !== child) {
      copy ??= { ...object };
      copy[key] = next;
    }
  }
  return (copy ?? value) as T;
}

export function createLogger(level: string, stream?: DestinationStream): Logger {
  const options = {
    level,
    formatters: {
      // Runs on each line's object before the serializers below, which emit no secret themselves.
      log: (object: Record<string, unknown>) => redactSecrets(object, 0, SERIALIZED_KEYS),
      bindings: (bindings: Record<string, unknown>) => redactSecrets(bindings),
    },
    serializers: {
      err: (error: unknown) => redactSecrets(serializeError(error), 1),
      // Query strings may carry tokens (the reset page's ?token=): log the path only, never bodies. Paths
      // may carry one too (download links, Links, connect pages): credential-paths.ts masks them.
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: maskPathTokens(req.url.split('?')[0] ?? ''),
        ip: req.ip,
      }),
    },
  };
  return pino(options, stream ?? createProcessLogDestination());
}

/** Lines gather up to this many bytes before one write (about ten request lines)... */
const LOG_BUFFER_BYTES = 4096;
/** ...or for at most this long, so a quiet server's lines still show promptly. */
const LOG_FLUSH_MS = 200;

/**
 * The process's log output (stdout by default), written off the event loop: lines gather in a buffer
 * and libuv writes it in the background. A synchronous write per line cost the event loop ~37 µs a
 * request under load; an asynchronous write per line still woke a libuv thread per request, which on
 * two busy cores cost the event loop as much again in preemption (~17 % of a small call's CPU profile:
 * bench/README.md, issue 32, decision 0051). So lines are written ~4 KB at a time, or every 200 ms,
 * whichever comes first. pino flushes the buffer synchronously when the process exits (normally, on a
 * signal handled by main.ts, or on a crash); only a SIGKILL can lose the last 200 ms of lines.
 */
export function createProcessLogDestination(dest: number | string = 1): DestinationStream {
  const destination = pino.destination({ dest, sync: false, minLength: LOG_BUFFER_BYTES });
  const timer = setInterval(() => {
    try {
      destination.flush();
    } catch {
      // Closed or failing: the destination reports its own errors on the lines it writes.
    }
  }, LOG_FLUSH_MS);
  timer.unref();
  destination.on('close', () => clearInterval(timer));
  return destination;
}

/**
 * Errors as pino writes them, without the database connection node-postgres hangs on some of them
 * (`error.client`: every setting of the connection, several kilobytes on each line of an outage). The
 * code and message say what happened.
 */
function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { client: _client, ...serialized } = pino.stdSerializers.err(error) as Record<string, unknown>;
  return serialized;
}

export function maskPathTokens(path: string): string {
  return maskCredentialPath(path);
}

export type { Logger };
