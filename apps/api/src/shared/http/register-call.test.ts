import { type CallRoute, defineCall, defineRoute } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../config';
import { createTenant, createTestApp, login, post, type TestApp } from '../../test/test-app';
import { AppError } from '../app-error';
import { takeUndeclaredErrors } from './declared-errors';
import { registerCall, registerListCall, registerPublicCall } from './register-call';

/** A call made up for these tests: its route and its schemas at once. */
function testCall<Req extends z.ZodType, Res extends z.ZodType>(
  route: Omit<CallRoute, 'method' | 'types'>,
  schemas: { request: Req; response: Res },
) {
  return defineCall(defineRoute<Req, Res>(route), schemas);
}

const wealthOnly = testCall(
  { path: '/platform/test/wealth-only', access: { kind: 'session', module: 'wealth' }, errors: [] },
  { request: z.object({}), response: z.object({ companyId: z.string() }) },
);
const staffOnly = testCall(
  { path: '/platform/test/staff-only', access: { kind: 'session', staffOnly: true }, errors: [] },
  { request: z.object({}), response: z.object({ ok: z.literal(true) }) },
);
const broken = testCall(
  { path: '/platform/test/broken', access: { kind: 'session' }, errors: [] },
  { request: z.object({}), response: z.object({ ok: z.literal(true) }) },
);
const crashing = testCall(
  { path: '/platform/test/crash', access: { kind: 'session' }, errors: [] },
  { request: z.object({}), response: z.object({ ok: z.literal(true) }) },
);

const counted = testCall(
  { path: '/platform/test/counted', access: { kind: 'session' }, errors: [], totalCountHeader: true },
  { request: z.object({ isBroken: z.boolean().optional() }), response: z.array(z.object({ n: z.number() })) },
);

/** Declares NotFound; the handler answers whatever code the test asks for. */
const answering = testCall(
  { path: '/platform/test/answering', access: { kind: 'session', module: 'wealth' }, errors: ['NotFound'] },
  { request: z.object({ code: z.string() }), response: z.object({ ok: z.literal(true) }) },
);
const publicAnswering = testCall(
  { path: '/v0/test/public-answering', access: { kind: 'public' }, errors: [] },
  { request: z.object({ code: z.string() }), response: z.object({ ok: z.literal(true) }) },
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    registerExtra: (app) => {
      registerCall(app, wealthOnly, ({ actor }) => ({ companyId: actor.companyId }));
      registerCall(app, staffOnly, () => ({ ok: true as const }));
      // A handler that breaks its contract: our bug, so a 500.
      registerCall(app, broken, () => ({ ok: 'yes' }) as unknown as { ok: true });
      registerListCall(app, counted, ({ input }) => ({
        items: input.isBroken ? ([{ n: 'one' }] as unknown as { n: number }[]) : [{ n: 1 }, { n: 2 }],
        total: 42,
      }));
      registerCall(app, answering, ({ input }) => {
        throw new AppError(input.code as 'NotFound');
      });
      registerPublicCall(app, publicAnswering, ({ input }) => {
        throw new AppError(input.code as 'NotFound');
      });
      registerCall(app, crashing, () => {
        throw new Error('secret internal detail');
      });
    },
  });
});
afterAll(() => t.close());

describe('the single call guard', () => {
  it('answers 403 ModuleDisabled for a module the company lacks', async () => {
    const tenant = await createTenant(t.db, { modules: ['applications', 'links'] });
    const token = await login(t.app, tenant.credentials);
    const response = await post(t.app, wealthOnly.path, { token });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ModuleDisabled');
  });

  it('lets a company with the module through, scoped to its own company', async () => {
    const tenant = await createTenant(t.db, { modules: ['wealth'] });
    const token = await login(t.app, tenant.credentials);
    const response = await post(t.app, wealthOnly.path, { token });
    expect(response.json()).toEqual({ companyId: tenant.company.id });
  });

  it('answers 403 Forbidden to a portal user on a staff-only call', async () => {
    const tenant = await createTenant(t.db, { kind: 'portal' });
    const token = await login(t.app, tenant.credentials);
    const response = await post(t.app, staffOnly.path, { token });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('Forbidden');
    expect((await post(t.app, wealthOnly.path, { token })).statusCode).toBe(200);
  });

  it('authenticates before it validates', async () => {
    const response = await post(t.app, '/auth/v0/logout', { payload: { unexpected: 1 } });
    expect(response.statusCode).toBe(401);
  });

  it('turns a response that breaks the contract into a 500 without details', async () => {
    const tenant = await createTenant(t.db);
    const token = await login(t.app, tenant.credentials);
    const response = await post(t.app, broken.path, { token });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'UnexpectedError', message: 'UnexpectedError' } });
  });

  it('never sends a stack or an internal message', async () => {
    const tenant = await createTenant(t.db);
    const token = await login(t.app, tenant.credentials);
    const response = await post(t.app, crashing.path, { token });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toMatch(/at .*\.ts/);
  });
});

describe('declared error codes (on under tests)', () => {
  it('refuses a code the call does not declare: a 500, and the test that caused it fails', async () => {
    const tenant = await createTenant(t.db);
    const token = await login(t.app, tenant.credentials);
    const response = await post(t.app, answering.path, { token, payload: { code: 'DuplicatedAlias' } });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('UnexpectedError');
    // Drained here, or declared-errors-setup.ts would fail this test after it: that is the point.
    expect(takeUndeclaredErrors()).toEqual([
      { path: answering.path, code: 'DuplicatedAlias', message: 'DuplicatedAlias' },
    ]);
  });

  it('lets the declared, the generic and the access codes through', async () => {
    const tenant = await createTenant(t.db);
    const token = await login(t.app, tenant.credentials);
    for (const [code, status] of [
      ['NotFound', 404],
      ['ServiceUnavailable', 503],
      ['Conflict', 409],
      ['ModuleDisabled', 403],
      ['SessionExpired', 401],
    ] as const) {
      const response = await post(t.app, answering.path, { token, payload: { code } });
      expect([response.statusCode, response.json().error.code]).toEqual([status, code]);
    }
    expect(takeUndeclaredErrors()).toEqual([]);
  });

  it('gives a public call no session codes', async () => {
    const response = await post(t.app, publicAnswering.path, { payload: { code: 'Unauthorized' } });
    expect(response.statusCode).toBe(500);
    expect(takeUndeclaredErrors().map((found) => found.code)).toEqual(['Unauthorized']);
  });

  it('is on under tests only (NODE_ENV=test or CHECK_DECLARED_ERRORS)', () => {
    expect(loadConfig({}).checksDeclaredErrors).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).checksDeclaredErrors).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).checksDeclaredErrors).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', CHECK_DECLARED_ERRORS: 'false' }).checksDeclaredErrors).toBe(false);
    expect(t.config.checksDeclaredErrors).toBe(true);
  });
});

describe('counted lists', () => {
  it('sends the items as the body and the total in x-total-count', async () => {
    const tenant = await createTenant(t.db);
    const token = await login(t.app, tenant.credentials);
    const response = await post(t.app, counted.path, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ n: 1 }, { n: 2 }]);
    expect(response.headers['x-total-count']).toBe('42');
  });

  it('checks the items against the contract', async () => {
    const tenant = await createTenant(t.db);
    const token = await login(t.app, tenant.credentials);
    const response = await post(t.app, counted.path, { token, payload: { isBroken: true } });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-total-count']).toBeUndefined();
  });

  it('refuses to mount a counted contract as a plain call, and the other way round', () => {
    expect(() => registerCall(t.app, counted, () => [])).toThrow(/registerListCall/);
    expect(() =>
      registerListCall(t.app, wealthOnly, () => ({ items: { companyId: 'x' }, total: 1 })),
    ).toThrow(/registerCall/);
  });
});

describe('HTTP errors', () => {
  it('answers invalid JSON with 400 ValidationError', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/v0/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"company":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('ValidationError');
  });

  it('accepts an empty JSON body as an empty request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/platform/me',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const response = await post(t.app, '/platform/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NotFound', message: 'No such route' } });
    const get = await t.app.inject({ method: 'GET', url: '/v0/unknown' });
    expect(get.statusCode).toBe(404);
  });

  it('answers a known path with the wrong method with 405, naming the allowed ones (Allow, RFC 9110)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/platform/me' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json().error).toEqual({
      code: 'MethodNotAllowed',
      message: 'This path answers POST only',
    });
    const dataApi = await t.app.inject({ method: 'DELETE', url: '/api/v1/clients' });
    expect(dataApi.statusCode).toBe(405);
    expect(dataApi.headers.allow).toBe('GET');
    const token = await t.app.inject({ method: 'GET', url: '/api/v1/oauth/token' });
    expect(token.statusCode).toBe(405);
    expect(token.headers.allow).toBe('POST');
  });

  it('answers a body not sent as JSON with 415 UnsupportedMediaType, portal and data API alike', async () => {
    for (const url of ['/auth/v0/login', '/api/v1/link-codes/exchange']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'code=abc',
      });
      expect(response.statusCode, url).toBe(415);
      expect(response.json().error.code, url).toBe('UnsupportedMediaType');
    }
  });

  it('answers a body over the limit with 413 PayloadTooLarge', async () => {
    const response = await post(t.app, '/auth/v0/login', { payload: { company: 'x'.repeat(1_100_000) } });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PayloadTooLarge');
  });

  it('sends the security headers and no-store on API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBeDefined();
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
