import type { CallContract, ParsedRequestOf, ResponseOf } from '@caudal/contract';
import { answerableErrorCodes, PERMISSION_BY_MODULE, TOTAL_COUNT_HEADER, VALIDATION } from '@caudal/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../app-error';
import { auditActorOf, toAuditedCall } from '../audit/audit-call';
import { runAudited } from '../audit/audit-scope';
import type { Actor } from '../auth/actor';
import { authenticate, isBackgroundCall } from '../auth/authenticate';
import type { Clock } from '../clock';
import type { JobQueue } from '../jobs/jobs';
import type { AppDeps } from './app-deps';
import { checkingDeclaredErrors } from './declared-errors';
import { recordCallMethod } from './error-handler';
import { toFieldIssues } from './validation-issues';

export interface CallContext<C extends CallContract, A extends Actor | null> {
  input: ParsedRequestOf<C>;
  actor: A;
  db: Db;
  config: Config;
  clock: Clock;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Handler<C extends CallContract, A extends Actor | null> = (
  context: CallContext<C, A>,
) => Promise<ResponseOf<C>> | ResponseOf<C>;

/** One page of a `totalCountHeader` call: `items` is the body, `total` counts every match. */
export interface CountedList<C extends CallContract> {
  items: ResponseOf<C>;
  total: number;
}

type CountedHandler<C extends CallContract> = (
  context: CallContext<C, Actor>,
) => Promise<CountedList<C>> | CountedList<C>;

/** Registers a signed-in call. Authentication, module and staff checks happen in `guard`, nowhere else. */
export function registerCall<C extends CallContract>(
  app: FastifyInstance,
  contract: C,
  handler: Handler<C, Actor>,
) {
  if (contract.access.kind !== 'session')
    throw new Error(`${contract.path} is public: use registerPublicCall`);
  if (contract.totalCountHeader) throw new Error(`${contract.path} counts its matches: use registerListCall`);
  mountCall(app, contract, handler as Handler<C, Actor | null>);
}

/**
 * Registers a signed-in call whose contract sets `totalCountHeader`: the handler answers `{ items, total }`,
 * the body is `items` (checked against the contract) and `total` goes in the `x-total-count` header.
 */
export function registerListCall<C extends CallContract>(
  app: FastifyInstance,
  contract: C,
  handler: CountedHandler<C>,
) {
  if (contract.access.kind !== 'session')
    throw new Error(`${contract.path} is public: use registerPublicCall`);
  if (!contract.totalCountHeader) throw new Error(`${contract.path} has no total count: use registerCall`);
  mountCall(app, contract, handler as unknown as Handler<C, Actor | null>);
}

export function registerPublicCall<C extends CallContract>(
  app: FastifyInstance,
  contract: C,
  handler: Handler<C, null>,
) {
  if (contract.access.kind !== 'public')
    throw new Error(`${contract.path} needs a session: use registerCall`);
  mountCall(app, contract, handler as Handler<C, Actor | null>);
}

function mountCall<C extends CallContract>(
  app: FastifyInstance,
  contract: C,
  handler: Handler<C, Actor | null>,
) {
  app.callPaths.add(contract.path);
  recordCallMethod(app, contract.path, contract.method);
  // Under tests, answering a code the contract does not declare fails loudly (declared-errors.ts).
  const codes = answerableErrorCodes(contract);
  app.route({
    method: contract.method,
    url: contract.path,
    handler: checkingDeclaredErrors(app, contract.path, codes, async (request, reply) => {
      const deps = app.deps;
      const actor = await guard(deps, contract, request);
      const input = parseInput(contract, request);
      const run = () =>
        Promise.resolve(
          handler({
            input,
            actor,
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
              actor?.companyId ?? null,
              auditActorOf(actor),
              request,
              input,
              deps.clock,
            ),
            run,
          )
        : await run();
      // A counted list answers `{ items, total }`: the body is the items, the total travels in a header.
      const counted = contract.totalCountHeader ? (result as unknown as CountedList<C>) : null;
      const checked = contract.response.safeParse(counted ? counted.items : result);
      if (!checked.success) {
        request.log.error(
          { path: contract.path, issues: checked.error.issues },
          'response breaks its contract',
        );
        throw new AppError('UnexpectedError');
      }
      if (counted) reply.header(TOTAL_COUNT_HEADER, String(counted.total));
      return checked.data;
    }),
  });
}

/** THE access check: every call passes through here, as its contract's `access` says. */
async function guard(deps: AppDeps, contract: CallContract, request: FastifyRequest): Promise<Actor | null> {
  const access = contract.access;
  if (access.kind === 'public') return null;
  const actor = await authenticate(deps, request.headers.authorization, {
    isBackground: isBackgroundCall(request.headers),
  });
  if (access.staffOnly && actor.kind !== 'staff') throw new AppError('Forbidden', 'Staff only');
  if (access.adminOnly && actor.role !== 'admin') throw new AppError('Forbidden', 'Admins only');
  if (access.module) {
    if (!actor.modules.includes(access.module)) {
      throw new AppError('ModuleDisabled', `The company does not have the ${access.module} module`);
    }
    if (!actor.permissions.includes(PERMISSION_BY_MODULE[access.module])) {
      throw new AppError('Forbidden', `No ${access.module} permission`);
    }
  }
  return actor;
}

function parseInput<C extends CallContract>(contract: C, request: FastifyRequest): ParsedRequestOf<C> {
  // A POST without a body is an empty object: the portal sends none for calls that take nothing.
  const body = contract.method === 'GET' ? undefined : (request.body ?? {});
  const nulPaths = findNulCharacters(body);
  if (nulPaths.length > 0) {
    // PostgreSQL cannot store U+0000 in text: refuse it here rather than fail in the database.
    throw new AppError(
      'ValidationError',
      'The request contains a NUL character',
      nulPaths.map((path) => ({
        path,
        message: VALIDATION.invalidCharacter,
        params: { character: 'U+0000' },
      })),
    );
  }
  const parsed = contract.request.safeParse(body);
  if (!parsed.success) {
    throw new AppError('ValidationError', 'The request is not valid', toFieldIssues(parsed.error));
  }
  return parsed.data as ParsedRequestOf<C>;
}

/** Stands for a key that holds a NUL: reported at the key's own path, before its value's. */
const NUL_KEY = '\u0000';

/** A path as a chain of links to the parent: a child costs one object, not a copy of its parent's path. */
interface PathLink {
  parent: PathLink | null;
  key: string | number;
}

function toPath(link: PathLink | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = link; at; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Paths of every string (value or key) in a JSON body that holds a NUL character, in document order.
 * Iterative and linear in the body's size, however deep it is: a path is built only for a hit.
 */
export function findNulCharacters(value: unknown): (string | number)[][] {
  const found: (string | number)[][] = [];
  const stack: { value: unknown; link: PathLink | null }[] = [{ value, link: null }];
  while (stack.length > 0) {
    const { value: current, link } = stack.pop() as { value: unknown; link: PathLink | null };
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found.push(toPath(link));
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], link: { parent: link, key: index } });
      }
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index] as string;
        const child = { parent: link, key };
        stack.push({ value: (current as Record<string, unknown>)[key], link: child });
        if (key.includes('\u0000')) stack.push({ value: NUL_KEY, link: child });
      }
    }
  }
  return found;
}
