import type { ErrorCode } from '@caudal/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app-error';

/** A code a call answered without declaring it: what the test run reports. */
export interface UndeclaredError {
  path: string;
  code: ErrorCode;
  message: string;
}

/** Filled only when `config.checksDeclaredErrors` is on (tests); drained by the test setup after each test. */
const undeclared: UndeclaredError[] = [];

/** The violations seen since the last call, and forgets them (src/test/declared-errors-setup.ts). */
export function takeUndeclaredErrors(): UndeclaredError[] {
  return undeclared.splice(0);
}

/**
 * Holds an error on its way out of a call against the codes the call may answer (`answerableErrorCodes`).
 * An undeclared code is a contract bug: it is logged, recorded for the test run, and answered as a 500 so
 * no test can pass on it. Errors that are not ours yet (a driver's error the error handler maps to a
 * generic code) pass as they are.
 */
function refuseUndeclaredError(
  error: unknown,
  path: string,
  answerable: ReadonlySet<ErrorCode>,
  log: FastifyBaseLogger,
): unknown {
  if (!(error instanceof AppError) || answerable.has(error.code)) return error;
  const violation = { path, code: error.code, message: error.message };
  undeclared.push(violation);
  log.error(violation, 'error code not declared by its call');
  return new AppError('UnexpectedError', `${error.code} is not declared by ${path}`);
}

/**
 * The route handler of a call, which under tests (`config.checksDeclaredErrors`) holds every error on its
 * way out against the codes the call may answer; elsewhere it is the handler itself. Decided once, when
 * the call is mounted (the config is fixed by then), so a production call pays no extra async frame.
 */
export function checkingDeclaredErrors<R>(
  app: FastifyInstance,
  path: string,
  answerable: ReadonlySet<ErrorCode>,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<R>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<R> {
  if (!app.deps.config.checksDeclaredErrors) return handler;
  return async (request, reply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      throw refuseUndeclaredError(error, path, answerable, request.log);
    }
  };
}
