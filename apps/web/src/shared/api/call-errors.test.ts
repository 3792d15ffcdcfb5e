import { CATALOGUES, LOCALE_CODES } from '@caudal/contract';
import * as contract from '@caudal/contract/routes';
import {
  answerableErrorCodes,
  type CallErrorCode,
  type CallRoute,
  connections,
  wealth,
} from '@caudal/contract/routes';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, errorMessageKey, isCallError, narrowToCall } from './api-error';

const isRoute = (value: unknown): value is CallRoute =>
  typeof value === 'object' &&
  value !== null &&
  'path' in value &&
  'access' in value &&
  'errors' in value &&
  Array.isArray(value.errors);

/** Every call the portal can make: the routes of each feature's namespace in `@caudal/contract/routes`. */
const routes = Object.values(contract).flatMap((namespace) =>
  typeof namespace === 'object' && namespace !== null ? Object.values(namespace).filter(isRoute) : [],
);

describe("a call's error codes on the web", () => {
  it('finds the routes to walk', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes).toContain(wealth.clientCreate);
  });

  it('has a text in every language for every code any call may answer', () => {
    const missing: string[] = [];
    for (const route of routes) {
      for (const code of answerableErrorCodes(route)) {
        const key = errorMessageKey(new ApiError(code, 400)).split('.').pop() ?? '';
        for (const locale of LOCALE_CODES) {
          const codes: Partial<Record<string, string>> = CATALOGUES[locale].errors.codes;
          if (!codes[key]?.trim()) missing.push(`${locale} ${route.path} ${code}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("tells a call's own failure by its codes, and nothing else", () => {
    const taken = new ApiError('DuplicatedAlias', 400);
    expect(isCallError(wealth.clientCreate, taken, 'DuplicatedAlias')).toBe(true);
    expect(isCallError(wealth.clientCreate, new ApiError('Conflict', 409), 'DuplicatedAlias')).toBe(false);
    expect(isCallError(wealth.clientCreate, new Error('DuplicatedAlias'), 'DuplicatedAlias')).toBe(false);
    expect(isCallError(wealth.clientCreate, null, 'DuplicatedAlias')).toBe(false);
  });

  it('answers a code the call does not declare as UnexpectedError, keeping the status', () => {
    const answerable = answerableErrorCodes(wealth.clientCreate);
    expect(narrowToCall(new ApiError('NotFound', 404), answerable)).toMatchObject({
      code: 'UnexpectedError',
      status: 404,
    });
    const declared = new ApiError('DuplicatedAlias', 400);
    expect(narrowToCall(declared, answerable)).toBe(declared);
  });

  it('types a failure by the codes its contract declares (checked by tsc)', () => {
    expectTypeOf<'DuplicatedAlias'>().toExtend<CallErrorCode<typeof wealth.clientCreate>>();
    expectTypeOf<'ServiceUnavailable'>().toExtend<CallErrorCode<typeof wealth.clientCreate>>();
    expectTypeOf<'NotFound'>().not.toExtend<CallErrorCode<typeof wealth.clientCreate>>();
    expectTypeOf<'NotFound'>().toExtend<CallErrorCode<typeof wealth.clientGet>>();
    const error: unknown = new ApiError('NotFound', 404);
    // @ts-expect-error: client-create never answers NotFound, so a screen may not map it.
    isCallError(wealth.clientCreate, error, 'NotFound');
    // @ts-expect-error: nor a hosted connect step InvalidLinkCode.
    isCallError(connections.submitConnectSca, error, 'InvalidLinkCode');
    if (isCallError(wealth.clientGet, error, 'NotFound'))
      expectTypeOf(error.code).toEqualTypeOf<'NotFound'>();
  });
});
