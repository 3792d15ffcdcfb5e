import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type CallRoute, defineRoute, type RequestOf, type ResponseOf } from './call-route';
import { defineCall } from './define-call';

const ZRequest = z.object({ name: z.string().transform((value) => value.length) });
const ZResponse = z.object({ id: z.string() });
const route = defineRoute<typeof ZRequest, typeof ZResponse>()({
  path: '/platform/test/thing',
  access: { kind: 'session' },
  errors: ['NotFound'],
});

describe('defineRoute', () => {
  it('is POST unless told, and carries no schema at runtime', () => {
    expect(route).toEqual({
      method: 'POST',
      path: '/platform/test/thing',
      access: { kind: 'session' },
      errors: ['NotFound'],
    });
  });

  it('types requests and answers from the schemas without loading them', () => {
    expectTypeOf<RequestOf<typeof route>>().toEqualTypeOf<{ name: string }>();
    expectTypeOf<ResponseOf<typeof route>>().toEqualTypeOf<{ id: string }>();
  });
});

describe('defineCall', () => {
  it('adds the schemas to the route, and types the same as the route', () => {
    const call = defineCall(route, { request: ZRequest, response: ZResponse });
    expect(call).toEqual({ ...route, request: ZRequest, response: ZResponse });
    expectTypeOf<RequestOf<typeof call>>().toEqualTypeOf<RequestOf<typeof route>>();
    expectTypeOf(call).toExtend<CallRoute>();
  });

  it('takes only the schemas the route was declared with (checked by tsc)', () => {
    const ZWider = ZResponse.extend({ name: z.string() });
    // @ts-expect-error: an answer with a field the route's type does not have.
    defineCall(route, { request: ZRequest, response: ZWider });
    // @ts-expect-error: a list where the route answers one item.
    defineCall(route, { request: ZRequest, response: z.array(ZResponse) });
    const narrow = defineRoute<typeof ZRequest, typeof ZWider>()({
      path: '/x',
      access: { kind: 'public' },
      errors: [],
    });
    // @ts-expect-error: an answer missing a field the route's type has.
    defineCall(narrow, { request: ZRequest, response: ZResponse });
  });
});
