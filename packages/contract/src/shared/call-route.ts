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
export interface CallRoute<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: 'POST' | 'GET';
  path: string;
  access: CallAccess;
  /** The error codes this call may answer with, beyond the generic ones every call may give. */
  errors: readonly ErrorCode[];
  /** The answer is one page of a list; the total number of matches travels in `x-total-count`. */
  totalCountHeader?: boolean;
  /** Phantom, never set at runtime: carries the schemas' types to clients that do not load zod. */
  readonly types?: { request: Req; response: Res };
}

/** A route typed by its schemas (`defineRoute<typeof ZRequest, typeof ZResponse>`), POST unless told. */
export function defineRoute<Req extends z.ZodType, Res extends z.ZodType>(
  route: Omit<CallRoute<Req, Res>, 'method' | 'types'> & { method?: 'POST' | 'GET' },
): CallRoute<Req, Res> {
  return { method: 'POST', ...route };
}

type TypesOf<C extends CallRoute> = NonNullable<C['types']>;
export type RequestOf<C extends CallRoute> = z.input<TypesOf<C>['request']>;
export type ParsedRequestOf<C extends CallRoute> = z.output<TypesOf<C>['request']>;
export type ResponseOf<C extends CallRoute> = z.output<TypesOf<C>['response']>;
