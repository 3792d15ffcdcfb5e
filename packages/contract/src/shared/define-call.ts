import type { z } from 'zod';
import type { CallRoute } from './call-route';

/** A route with its schemas: the server validates every request and every answer with them. */
export interface CallContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType>
  extends CallRoute<Req, Res> {
  request: Req;
  response: Res;
}

/** `T` when it is exactly `Expected` (each assignable to the other), else `never`. */
type Exactly<T, Expected> = [T] extends [Expected] ? ([Expected] extends [T] ? T : never) : never;

/**
 * Pairs a route with its schemas. They must be exactly the types the route was declared with: a looser
 * check would let a schema with an extra field through while the portal, typed by the route, never sends it.
 */
export function defineCall<
  Req extends z.ZodType,
  Res extends z.ZodType,
  SReq extends z.ZodType,
  SRes extends z.ZodType,
>(
  route: CallRoute<Req, Res>,
  schemas: { request: SReq & Exactly<SReq, Req>; response: SRes & Exactly<SRes, Res> },
): CallContract<Req, Res> {
  return { ...route, request: schemas.request, response: schemas.response };
}
