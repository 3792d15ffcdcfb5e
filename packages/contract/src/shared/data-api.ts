import { z } from 'zod';
import type { CallAudit } from './call-route';
import { DATA_API_PREFIX } from './data-api-paths';
import type { ErrorCode } from './error-codes';
import type { Module } from './modules';

export * from './data-api-paths';

const EMPTY = z.object({});
type Empty = typeof EMPTY;

/**
 * One data-API route. Unlike a portal call it is REST-shaped: path parameters (`:client_id` in `path`),
 * a query string, and a JSON body only where it needs one. Every part is a zod schema: the server
 * validates with them and the OpenAPI document is generated from them.
 */
export interface DataApiContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  /** Fastify syntax under DATA_API_PREFIX: `/api/v1/clients/:client_id/accounts`. */
  path: string;
  /** Unique, camelCase: the OpenAPI operationId. */
  operationId: string;
  /** The OpenAPI tag (reference-page section), e.g. `Clients`. */
  tag: string;
  summary: string;
  description?: string;
  /** The company must have this module (any one of these); otherwise `403 ModuleDisabled`. */
  module?: Module | readonly Module[];
  /** Set on every route that changes state: its audit event (as a portal call's `audit`). */
  audit?: CallAudit;
  /** 202 for a route that only queues work; 200 otherwise. */
  successStatus?: 200 | 202;
  params: P;
  query: Q;
  /** Null: the route takes no body. */
  body: B | null;
  response: R;
  /** Codes this route may answer with beyond the generic ones (Unauthorized, RateLimited, …). */
  errors: readonly ErrorCode[];
}

export function defineDataApiCall<
  R extends z.ZodType,
  P extends z.ZodType = Empty,
  Q extends z.ZodType = Empty,
  B extends z.ZodType = Empty,
>(
  call: Omit<DataApiContract<P, Q, B, R>, 'method' | 'params' | 'query' | 'body'> & {
    method?: 'GET' | 'POST';
    params?: P;
    query?: Q;
    body?: B;
  },
): DataApiContract<P, Q, B, R> {
  if (!call.path.startsWith(`${DATA_API_PREFIX}/`)) {
    throw new Error(`${call.path} is not under ${DATA_API_PREFIX}`);
  }
  return {
    ...call,
    method: call.method ?? 'GET',
    params: (call.params ?? EMPTY) as P,
    query: (call.query ?? EMPTY) as Q,
    body: call.body ?? null,
  };
}

export type DataApiInput<C extends DataApiContract> = {
  params: z.output<C['params']>;
  query: z.output<C['query']>;
  /** `{}` when the route takes no body. */
  body: C extends DataApiContract<z.ZodType, z.ZodType, infer B> ? z.output<B> : never;
};
export type DataApiResponse<C extends DataApiContract> = z.output<C['response']>;

/** Generic codes any data-API route may answer with (the server refuses others in tests). */
export const DATA_API_GENERIC_ERRORS: readonly ErrorCode[] = [
  'ValidationError',
  'Unauthorized',
  'ModuleDisabled',
  'RateLimited',
  'ServiceUnavailable',
  'UnexpectedError',
];

/** RFC 6749 §4.4.2: the client-credentials token request (form-encoded). */
export const ZTokenRequest = z
  .object({
    grant_type: z.literal('client_credentials'),
    client_id: z.string().optional().meta({ description: 'When not sent with HTTP Basic' }),
    client_secret: z.string().optional().meta({ description: 'When not sent with HTTP Basic' }),
    scope: z.string().optional().meta({ description: 'Ignored when empty; no scopes are defined yet' }),
  })
  .meta({ id: 'TokenRequest' });

/** RFC 6749 §5.1. */
export const ZTokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().meta({ description: 'Seconds until the token expires' }),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof ZTokenResponse>;

/** RFC 6749 §5.2 error codes. */
export const OAUTH_ERRORS = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'temporarily_unavailable',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

export const ZOAuthError = z
  .object({ error: z.enum(OAUTH_ERRORS), error_description: z.string().optional() })
  .meta({ id: 'OAuthError' });
export type OAuthError = z.infer<typeof ZOAuthError>;
