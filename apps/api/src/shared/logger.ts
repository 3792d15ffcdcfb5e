import pino, { type DestinationStream, type Logger } from 'pino';
import { maskCredentialPath } from './http/credential-paths';

/** Secrets never reach the logs, wherever they sit in a logged object. */
const SECRET_FIELDS = [
  'password',
  'token',
  'access_token',
  'id_token',
  'reset_token',
  'client_secret',
  'authorization',
];
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

export function createLogger(level: string, stream?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      // Query strings may carry tokens (the reset page's ?token=): log the path only, never bodies. Paths
      // may carry one too (download links, Links, connect pages): credential-paths.ts masks them.
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: maskPathTokens(req.url.split('?')[0] ?? ''),
        ip: req.ip,
      }),
    },
  };
  return stream ? pino(options, stream) : pino(options);
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
