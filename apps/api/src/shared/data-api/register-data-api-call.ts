import type { DataApiContract, DataApiInput, DataApiResponse, ErrorCode, FieldIssue } from '@caudal/contract';
import { DATA_API_GENERIC_ERRORS } from '@caudal/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../app-error';
import { toAuditedCall } from '../audit/audit-call';
import { runAudited } from '../audit/audit-scope';
import type { Actor } from '../auth/actor';
import type { Clock } from '../clock';
import { checkingDeclaredErrors } from '../http/declared-errors';
import { recordCallMethod } from '../http/error-handler';
import { findNulCharacters } from '../http/register-call';
import type { JobQueue } from '../jobs/jobs';
import { hitRateLimit } from '../rate-limit';
import {
  type ApplicationCaller,
  authenticateApplication,
  toApplicationScope,
} from './authenticate-application';
import { dataApiKeyOf } from './data-api-key';
import { describeField, describeKey, type RequestPart, summariseIssues, toPlainIssues } from './plain-issues';
import { recordDataApiRoute } from './registry';

export interface DataApiContext<C extends DataApiContract> {
  input: DataApiInput<C>;
  /** The application calling, from its token and its row (read on this request). */
  application: ApplicationCaller;
  /** The company scope to hand to feature repositories (the application sees its whole company). */
  scope: Actor;
  db: Db;
  config: Config;
  clock: Clock;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type DataApiHandler<C extends DataApiContract> = (
  context: DataApiContext<C>,
) => Promise<DataApiResponse<C>> | DataApiResponse<C>;

const RATE_WINDOW_MINUTES = 1;

/**
 * Mounts one data-API route. Everything a data-API route needs happens here and nowhere else: the
 * application's bearer token (checked against its row), the per-application and per-company rate
 * limits (counted in the database), the company's module, input and output validation, and the OpenAPI
 * record.
 */
export function registerDataApiCall<C extends DataApiContract>(
  app: FastifyInstance,
  contract: C,
  handler: DataApiHandler<C>,
) {
  recordDataApiRoute(app, contract);
  if (!contract.path.includes(':')) {
    app.callPaths.add(contract.path);
    recordCallMethod(app, contract.path, contract.method);
  }
  app.route({
    method: contract.method,
    url: contract.path,
    // Under tests, a code the route does not declare (nor its OpenAPI document) fails loudly.
    handler: checkingDeclaredErrors(app, contract.path, answerableCodes(contract), async (request, reply) => {
      const deps = app.deps;
      const now = deps.clock();
      const application = await authenticate(app, request, reply, now);
      await applyRateLimit(deps.db, deps.config, application, reply, now);
      const modules = contract.module === undefined ? [] : [contract.module].flat();
      if (modules.length > 0 && !modules.some((module) => application.modules.includes(module))) {
        throw new AppError('ModuleDisabled', `The company does not have the ${modules.join(' or ')} module`);
      }
      const input = {
        params: parsePart(contract.params, request.params ?? {}, 'params'),
        query: parsePart(contract.query, request.query ?? {}, 'query'),
        body: contract.body ? parsePart(contract.body, request.body ?? {}, 'body') : {},
      } as DataApiInput<C>;
      const run = () =>
        Promise.resolve(
          plainErrors(handler)({
            input,
            application,
            scope: toApplicationScope(application),
            db: deps.db,
            config: deps.config,
            clock: deps.clock,
            jobs: deps.jobs,
            log: request.log,
            request,
            reply,
          }),
        );
      // A change appends its audit event in the transaction that commits it (shared/audit/audit-scope.ts).
      const result = contract.audit
        ? await runAudited(
            deps.db,
            toAuditedCall(
              contract.audit,
              application.companyId,
              { kind: 'application', id: application.clientId, name: application.name },
              request,
              input.body,
              deps.clock,
            ),
            run,
          )
        : await run();
      const checked = contract.response.safeParse(result);
      if (!checked.success) {
        request.log.error(
          { path: contract.path, issues: checked.error.issues },
          'response breaks its contract',
        );
        throw new AppError('UnexpectedError');
      }
      if (contract.successStatus) reply.code(contract.successStatus);
      return checked.data;
    }),
  });
}

function answerableCodes(contract: DataApiContract): ReadonlySet<ErrorCode> {
  return new Set<ErrorCode>([...DATA_API_GENERIC_ERRORS, ...contract.errors]);
}

async function authenticate(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, now: Date) {
  try {
    return await authenticateApplication(
      { db: app.deps.db, dataApiKey: dataApiKeyOf(app), now },
      request.headers.authorization,
    );
  } catch (error) {
    // RFC 6750 §3: a protected resource names its scheme, and why the token was refused.
    const reason = request.headers.authorization ? ', error="invalid_token"' : '';
    reply.header('WWW-Authenticate', `Bearer realm="caudal-data-api"${reason}`);
    throw error;
  }
}

/**
 * Two budgets, both counted in the database: the application's, and its company's (all its
 * applications together), so a company cannot multiply its share by creating applications. A request
 * the application's budget refuses does not count against the company's. The headers tell the tighter.
 */
async function applyRateLimit(
  db: Db,
  config: Config,
  application: ApplicationCaller,
  reply: FastifyReply,
  now: Date,
) {
  const windowMinutes = RATE_WINDOW_MINUTES;
  const own = await hitRateLimit(
    db,
    { key: `data-api:${application.applicationId}`, limit: config.dataApiRateLimitPerMinute, windowMinutes },
    now,
  );
  const company = own.isAllowed
    ? await hitRateLimit(
        db,
        {
          key: `data-api-company:${application.companyId}`,
          limit: config.dataApiCompanyRateLimitPerMinute,
          windowMinutes,
        },
        now,
      )
    : null;
  const tighter = company && (!company.isAllowed || company.remaining < own.remaining) ? company : own;
  reply.header('RateLimit-Limit', String(tighter.limit));
  reply.header('RateLimit-Remaining', String(tighter.remaining));
  reply.header('RateLimit-Reset', String(tighter.resetSeconds));
  if (!own.isAllowed) {
    reply.header('Retry-After', String(own.resetSeconds));
    throw new AppError('RateLimited', `At most ${own.limit} requests a minute per application`);
  }
  if (company && !company.isAllowed) {
    reply.header('Retry-After', String(company.resetSeconds));
    throw new AppError('RateLimited', `At most ${company.limit} requests a minute per company`);
  }
}

function parsePart<T extends z.ZodType>(schema: T, value: unknown, part: RequestPart): z.output<T> {
  const nulPaths = findNulCharacters(value);
  if (nulPaths.length > 0) {
    throw dataApiValidationError(
      nulPaths.map((path) => ({
        path: [part, ...path],
        message: `${describeField(path)} must not contain a NUL character (U+0000).`,
      })),
    );
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw dataApiValidationError(toPlainIssues(parsed.error, part));
  return parsed.data;
}

/**
 * A handler that reuses portal code may throw the portal's ValidationError, whose issues carry
 * catalogue keys: the data API answers them as sentences too.
 */
function plainErrors<C extends DataApiContract>(handler: DataApiHandler<C>): DataApiHandler<C> {
  return async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'ValidationError' || !error.issues) throw error;
      if (!error.issues.some((issue) => issue.message.startsWith('validation.'))) throw error;
      throw dataApiValidationError(
        error.issues.map((issue) =>
          issue.message.startsWith('validation.')
            ? {
                path: issue.path,
                message: describeKey(issue.message, describeField(issue.path), issue.params),
              }
            : issue,
        ),
      );
    }
  };
}

/** A 400 whose message and issues are English sentences naming the fields (plain-issues.ts). */
export function dataApiValidationError(issues: FieldIssue[]): AppError {
  return new AppError('ValidationError', summariseIssues(issues), issues);
}
