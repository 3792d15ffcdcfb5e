import type { ApiError, ErrorCode } from '@caudal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../db/errors';
import { AppError, retryLater } from '../app-error';

/** Every error leaves as `{ error: { code, message } }` with its status; stacks never do. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'ServiceUnavailable') request.log.warn({ err: error }, 'database unavailable');
    else if (appError.status >= 500) request.log.error({ err: error }, 'unexpected error');
    sendError(reply, appError);
  });
}

export function sendError(reply: FastifyReply, error: AppError) {
  const body: ApiError = {
    error: { code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) },
  };
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
  reply.errorCode = error.code;
  return reply.code(error.status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own errors (bad JSON, body too large, …) carry a 4xx status: give them our codes. */
function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  // The database dropped the connection, is restarting, or a timeout fired: the caller may retry.
  if (isDatabaseUnavailable(error)) {
    return retryLater('ServiceUnavailable', 'The database is unavailable; retry shortly', 1);
  }
  // SQLSTATE class 22 (data exception: a value out of range, an invalid date…) is input the contract
  // let through, not our bug: answer 400 rather than 500.
  if (isDataException(error)) return new AppError('ValidationError', 'A value is out of range');
  // Another request deleted a row this one refers to, or created the same unique row, between its check
  // and its write (23503, 23505 where no call maps it): a race the caller resolves by reloading.
  if (isIntegrityConflict(error)) {
    return new AppError('Conflict', 'The data changed while the request ran; reload and retry');
  }
  const status = 'statusCode' in error ? error.statusCode : undefined;
  if (status === 415) {
    return new AppError('UnsupportedMediaType', 'The body must be JSON: send Content-Type: application/json');
  }
  const code: ErrorCode | null =
    status === 413
      ? 'PayloadTooLarge'
      : status === 404
        ? 'NotFound'
        : status === 405
          ? 'MethodNotAllowed'
          : status !== undefined && status >= 400 && status < 500
            ? 'ValidationError'
            : null;
  return code ? new AppError(code, error.message) : new AppError('UnexpectedError');
}

function isIntegrityConflict(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === '23505';
}

function isDataException(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

export function isApiPath(path: string): boolean {
  return (
    /^\/(auth\/v0|v0|platform|api)(\/|$)/.test(path) ||
    path === '/health' ||
    path === '/ready' ||
    path === '/config.json'
  );
}

/** A page of the portal: not an API path, and not a file (a missing asset must stay a 404). */
function isPortalRoute(path: string): boolean {
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !isApiPath(path) && !path.startsWith('/assets/') && !lastSegment.includes('.');
}

/** Records that `path` answers `method`, for the `Allow` header of its 405 (registerNotFoundHandler). */
export function recordCallMethod(app: FastifyInstance, path: string, method: string | readonly string[]) {
  const methods = app.callMethods.get(path) ?? new Set<string>();
  for (const one of typeof method === 'string' ? [method] : method) methods.add(one.toUpperCase());
  app.callMethods.set(path, methods);
}

export function registerNotFoundHandler(
  app: FastifyInstance,
  serveIndex: ((reply: FastifyReply) => unknown) | null,
) {
  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (app.callPaths.has(path)) {
      const allowed = [...(app.callMethods.get(path) ?? [])];
      if (allowed.length > 0) reply.header('Allow', allowed.join(', '));
      const message = allowed.length > 0 ? `This path answers ${allowed.join(' and ')} only` : undefined;
      return sendError(reply, new AppError('MethodNotAllowed', message));
    }
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    // History fallback: /es/wealth/clients on reload is the portal's route, not a file.
    if (isPageRequest && serveIndex && isPortalRoute(path)) return serveIndex(reply);
    return sendError(reply, new AppError('NotFound', 'No such route'));
  });
}
