import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

declare module 'fastify' {
  interface FastifyReply {
    /** The error code this answer carries (error-handler.ts), for the request's log line. */
    errorCode: string | null;
  }
}

/**
 * One log line per request instead of Fastify's two ("incoming request" and "request completed"),
 * written when the answer has been sent: method, path (credentials masked by the logger's `req`
 * serializer), route, status, duration in ms, the request id (the child logger's `reqId`) and, for an
 * error answer, its code; an answer the socket failed to send is an error line with the error. Writing
 * and redacting two lines per call was the largest cost of a small call beside the JWT (bench/README.md,
 * issue 32). Fastify's other lines (its default error handler, stream errors, 404s) are unchanged, and
 * 5xx errors keep their own line with the stack (error-handler.ts).
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const line = {
      req: request,
      route: request.routeOptions.url ?? null,
      res: { statusCode: status },
      responseTime: reply.elapsedTime,
      ...(reply.errorCode ? { errorCode: reply.errorCode } : {}),
      ...(error ? { err: error } : {}),
    };
    if (error) request.log.error(line, 'request errored');
    else if (status >= 500) request.log.error(line, 'request completed');
    else request.log.info(line, 'request completed');
  }
}

/** A request the client abandons before its answer gets a line of its own (it may never complete). */
export function registerRequestLog(app: FastifyInstance) {
  app.decorateReply('errorCode', null);
  app.addHook('onRequestAbort', (request, done) => {
    request.log.info({ req: request, route: request.routeOptions.url ?? null }, 'request aborted');
    done();
  });
}
