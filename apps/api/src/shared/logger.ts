import pino, { type DestinationStream, type Logger } from 'pino';

/** Secrets never reach the logs, wherever they sit in a logged object. */
const SECRET_FIELDS = ['password', 'token', 'access_token', 'id_token', 'client_secret', 'authorization'];
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
      // Query strings may carry tokens (the reset page's ?token=): log the path only, never bodies.
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
  };
  return stream ? pino(options, stream) : pino(options);
}

export type { Logger };
