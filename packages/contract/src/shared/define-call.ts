import type { z } from 'zod';
import type { ErrorCode } from './errors';
import type { Module } from './modules';

/**
 * Who may make a call. `public`: anyone. `session`: a signed-in user; with `module`, only when the
 * user's company has that module enabled; with `staffOnly`, never a portal user.
 */
export type CallAccess = { kind: 'public' } | { kind: 'session'; module?: Module; staffOnly?: boolean };

export interface CallContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: 'POST' | 'GET';
  path: string;
  access: CallAccess;
  request: Req;
  response: Res;
  /** The error codes this call may answer with, beyond the generic ones every call may give. */
  errors: readonly ErrorCode[];
  /** The answer is one page of a list; the total number of matches travels in `x-total-count`. */
  totalCountHeader?: boolean;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(
  call: Omit<CallContract<Req, Res>, 'method'> & { method?: 'POST' | 'GET' },
): CallContract<Req, Res> {
  return { method: 'POST', ...call };
}

export type RequestOf<C extends CallContract> = z.input<C['request']>;
export type ParsedRequestOf<C extends CallContract> = z.output<C['request']>;
export type ResponseOf<C extends CallContract> = z.output<C['response']>;

/** Codes any call may give, whatever its own list says. */
export const GENERIC_ERROR_CODES: readonly ErrorCode[] = [
  'ValidationError',
  'Unauthorized',
  'SessionExpired',
  'Forbidden',
  'ModuleDisabled',
  'RateLimited',
  'UnexpectedError',
];
