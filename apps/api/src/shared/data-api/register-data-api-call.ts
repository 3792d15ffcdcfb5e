import type { DataApiContract, DataApiInput, DataApiResponse } from '@caudal/contract';
import { VALIDATION } from '@caudal/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { toAuditedCall } from '../audit/audit-call';
import { runAudited } from '../audit/audit-scope';
import type { Actor } from '../auth/actor';
import type { Clock } from '../clock';
import { AppError } from '../http/app-error';
import { findNulCharacters } from '../http/register-call';
import { toFieldIssues } from '../http/validation-issues';
import type { JobQueue } from '../jobs/jobs';
import { hitRateLimit } from '../rate-limit';
import {
  type ApplicationCaller,
  authenticateApplication,
  toApplicationScope,
} from './authenticate-application';
import { dataApiKeyOf } from './data-api-key';
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
 * application's bearer token (checked against its row), the per-application rate limit (counted in
 * the database), the company's module, input and output validation, and the OpenAPI record.
 */
export function registerDataApiCall<C extends DataApiContract>(
  app: FastifyInstance,
  contract: C,
  handler: DataApiHandler<C>,
) {
  recordDataApiRoute(app, contract);
  if (!contract.path.includes(':')) app.callPaths.add(contract.path);
  app.route({
    method: contract.method,
    url: contract.path,
    handler: async (request, reply) => {
      const deps = app.deps;
      const now = deps.clock();
      const application = await authenticate(app, request, reply, now);
      await applyRateLimit(deps.db, deps.config, application, reply, now);
      if (contract.module && !application.modules.includes(contract.module)) {
        throw new AppError('ModuleDisabled', `The company does not have the ${contract.module} module`);
      }
      const input = {
        params: parsePart(contract.params, request.params ?? {}, 'params'),
        query: parsePart(contract.query, request.query ?? {}, 'query'),
        body: contract.body ? parsePart(contract.body, request.body ?? {}, 'body') : {},
      } as DataApiInput<C>;
      const run = () =>
        Promise.resolve(
          handler({
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
      return checked.data;
    },
  });
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

async function applyRateLimit(
  db: Db,
  config: Config,
  application: ApplicationCaller,
  reply: FastifyReply,
  now: Date,
) {
  const hit = await hitRateLimit(
    db,
    {
      key: `data-api:${application.applicationId}`,
      limit: config.dataApiRateLimitPerMinute,
      windowMinutes: RATE_WINDOW_MINUTES,
    },
    now,
  );
  reply.header('RateLimit-Limit', String(hit.limit));
  reply.header('RateLimit-Remaining', String(hit.remaining));
  reply.header('RateLimit-Reset', String(hit.resetSeconds));
  if (!hit.isAllowed) {
    reply.header('Retry-After', String(hit.resetSeconds));
    throw new AppError('RateLimited', `At most ${hit.limit} requests a minute per application`);
  }
}

function parsePart<T extends z.ZodType>(
  schema: T,
  value: unknown,
  part: 'params' | 'query' | 'body',
): z.output<T> {
  const nulPaths = findNulCharacters(value);
  if (nulPaths.length > 0) {
    throw new AppError(
      'ValidationError',
      'The request contains a NUL character',
      nulPaths.map((path) => ({
        path: [part, ...path],
        message: VALIDATION.invalidCharacter,
        params: { character: 'U+0000' },
      })),
    );
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = toFieldIssues(parsed.error).map((issue) => ({ ...issue, path: [part, ...issue.path] }));
    throw new AppError('ValidationError', `The ${part} are not valid`, issues);
  }
  return parsed.data;
}
