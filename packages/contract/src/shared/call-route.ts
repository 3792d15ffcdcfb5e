import type { z } from 'zod';
import type { ErrorCode } from './error-codes';
import type { Module } from './modules';

/**
 * Who may make a call. `public`: anyone. `session`: a signed-in user; with `module`, only when the
 * user's company has that module enabled; with `staffOnly`, never a portal user.
 */
export type CallAccess =
  | { kind: 'public' }
  /** `adminOnly`: only staff whose role is admin (the Team calls). */
  | { kind: 'session'; module?: Module; staffOnly?: boolean; adminOnly?: boolean };

/**
 * Where and how a call travels, without its schemas: what the portal needs to make the call. It loads
 * no zod, so the portal's first screens do not download it; the server pairs each route with its schemas
 * (`defineCall`) and validates both ways.
 */
export interface CallRoute<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  /** Its own error codes, as a union: the portal narrows a failure of this call to them (call-errors.ts). */
  Codes extends ErrorCode = ErrorCode,
> {
  method: 'POST' | 'GET';
  path: string;
  access: CallAccess;
  /** The error codes this call may answer with, beyond the generic ones every call may give. */
  errors: readonly Codes[];
  /** The answer is one page of a list; the total number of matches travels in `x-total-count`. */
  totalCountHeader?: boolean;
  /**
   * Set on every call that changes state: the audit event the server appends, in the change's own
   * transaction, when the call succeeds (none when it is refused or fails).
   */
  audit?: CallAudit;
  /** Phantom, never set at runtime: carries the schemas' types to clients that do not load zod. */
  readonly types?: { request: Req; response: Res };
}

/** What an audit event points at: each kind is one column of the log, filterable on `/audit`. */
export type AuditTargetKind = 'client' | 'credential' | 'link' | 'application' | 'user';

/** Where a target id comes from: a request field, or a field of the answer (a created id). */
export type AuditTargetSource = { request: string } | { response: string };

export interface CallAudit {
  /** The action's name in the log: the call's own name (its path's last segment). */
  action: string;
  targets?: Partial<Record<AuditTargetKind, AuditTargetSource>>;
  /**
   * The allowlist of request fields recorded with their old and new values. Never a password, secret,
   * token, code, CSS body or bank credential (a contract test walks every call against that list).
   */
  fields?: readonly string[];
  /**
   * The allowlist of what the call stored that its request does not carry (a digest, a size, a count),
   * recorded with old and new values as the handler notes them. The same rule: never a secret or a body.
   */
  storedFields?: readonly string[];
}

type RouteFields<Req extends z.ZodType, Res extends z.ZodType, Codes extends ErrorCode> = Omit<
  CallRoute<Req, Res, Codes>,
  'method' | 'types'
> & { method?: 'POST' | 'GET' };

/**
 * A route typed by its schemas and its own error codes, POST unless told:
 * `defineRoute<typeof ZRequest, typeof ZResponse>()({ path, access, errors: ['NotFound'] })`. The second
 * call infers the codes from `errors`, which TypeScript cannot do beside explicit type arguments.
 * Called with the route directly (`defineRoute<…>({ … })`), the route declares every code: it still
 * compiles, but the portal cannot narrow its failures.
 */
export function defineRoute<Req extends z.ZodType, Res extends z.ZodType>(): <
  const Codes extends ErrorCode = never,
>(
  route: RouteFields<Req, Res, Codes>,
) => CallRoute<Req, Res, Codes>;
export function defineRoute<Req extends z.ZodType, Res extends z.ZodType>(
  route: RouteFields<Req, Res, ErrorCode>,
): CallRoute<Req, Res>;
export function defineRoute<Req extends z.ZodType, Res extends z.ZodType>(
  route?: RouteFields<Req, Res, ErrorCode>,
) {
  const withMethod = <Codes extends ErrorCode>(fields: RouteFields<Req, Res, Codes>) => ({
    method: 'POST' as const,
    ...fields,
  });
  return route === undefined ? withMethod : withMethod(route);
}

type TypesOf<C extends CallRoute> = NonNullable<C['types']>;
export type RequestOf<C extends CallRoute> = z.input<TypesOf<C>['request']>;
export type ParsedRequestOf<C extends CallRoute> = z.output<TypesOf<C>['request']>;
export type ResponseOf<C extends CallRoute> = z.output<TypesOf<C>['response']>;
