import { platform, ZIdentity } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, createUser, login, post, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_STRATEGY: 'local', ROOT_REDIRECT: '/es/summary' } });
});
afterAll(() => t.close());

describe('/platform/me', () => {
  it('returns the staff identity with every company module as a permission', async () => {
    const tenant = await createTenant(t.db, { modules: ['custom_css', 'wealth', 'links'] });
    const token = await login(t.app, tenant.credentials);
    const identity = ZIdentity.parse((await post(t.app, '/platform/me', { token })).json());
    expect(identity).toEqual({
      user: {
        id: tenant.user.id,
        username: tenant.user.username,
        name: tenant.user.name,
        email: tenant.user.email,
        kind: 'staff',
        role: 'admin',
      },
      company: { id: tenant.company.id, name: tenant.company.name },
      modules: ['wealth', 'links', 'custom_css'],
      permissions: ['wealth', 'links', 'customCSS'],
    });
  });

  it('gives a portal user the wealth permission only', async () => {
    const tenant = await createTenant(t.db);
    const portal = await createUser(t.db, { companyId: tenant.company.id, kind: 'portal' });
    const token = await login(t.app, {
      ...tenant.credentials,
      username: portal.user.username,
      password: portal.password,
    });
    const identity = (await post(t.app, '/platform/me', { token })).json();
    expect(identity.user.kind).toBe('portal');
    expect(identity.permissions).toEqual(['wealth']);
  });

  it('gives a portal user no permission when the company lacks wealth', async () => {
    const tenant = await createTenant(t.db, { modules: ['summary'], kind: 'portal' });
    const token = await login(t.app, tenant.credentials);
    expect((await post(t.app, '/platform/me', { token })).json().permissions).toEqual([]);
  });

  it('keeps each company to itself', async () => {
    const a = await createTenant(t.db);
    const b = await createTenant(t.db);
    const tokenB = await login(t.app, b.credentials);
    const identity = (await post(t.app, '/platform/me', { token: tokenB })).json();
    expect(identity.company.id).toBe(b.company.id);
    expect(JSON.stringify(identity)).not.toContain(a.company.id);
    // Company A's user name in company B's login form signs in nobody.
    const crossed = await post(t.app, '/auth/v0/login', {
      payload: { company: b.company.name, username: a.user.username, password: a.password },
    });
    expect(crossed.statusCode).toBe(401);
  });
});

describe('/platform/list-entities', () => {
  it('lists the institution catalogue sorted by name', async () => {
    const tenant = await createTenant(t.db);
    const token = await login(t.app, tenant.credentials);
    const entities: { id: string; name: string }[] = (
      await post(t.app, '/platform/list-entities', { token })
    ).json();
    expect(entities.length).toBeGreaterThanOrEqual(20);
    expect(entities).toContainEqual({ id: 'santander', name: 'Banco Santander' });
    const names = entities.map((entity) => entity.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  });

  it('never lists a wealth-new-entity- placeholder, though the catalogue holds one', async () => {
    const tenant = await createTenant(t.db);
    const token = await login(t.app, tenant.credentials);
    const stored = await t.db
      .selectFrom('entities')
      .select('id')
      .where('id', 'like', 'wealth-new-entity-%')
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    await t.db
      .insertInto('entities')
      .values({ id: 'placeholder-by-name', name: 'wealth-new-entity-x', kind: 'bank' })
      .execute();
    const entities: { id: string; name: string }[] = (
      await post(t.app, '/platform/list-entities', { token })
    ).json();
    expect(entities.some((entity) => entity.id.startsWith('wealth-new-entity-'))).toBe(false);
    expect(entities.some((entity) => entity.name.startsWith('wealth-new-entity-'))).toBe(false);
  });

  it('needs a session', async () => {
    expect((await post(t.app, '/platform/list-entities')).statusCode).toBe(401);
  });
});

describe('infrastructure', () => {
  it('reports liveness on /health and readiness on /ready', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', version: t.config.version });
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'up', version: t.config.version });
  });

  it('serves the runtime configuration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    const config = platform.ZRuntimeConfig.parse(response.json());
    expect(config).toMatchObject({
      apiBaseUrl: '',
      linkBaseUrl: 'http://portal.caudal.test',
      authStrategy: 'local',
      oidc: null,
      providerName: 'Caudal Data',
      platformName: 'Caudal',
      rootRedirect: { to: '/es/summary', status: 302 },
    });
  });

  it('redirects the root when configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/es/summary');
  });
});

describe('health with the database down', () => {
  it('stays live on /health and answers 503 with database down on /ready', async () => {
    const broken = await createTestApp();
    await broken.handle.close();
    expect((await broken.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const response = await broken.app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'error', database: 'down' });
    await broken.app.close();
  });
});
