import {
  applications,
  DATA_API_TOKEN_LIFETIME_SECONDS,
  DATA_API_TOKEN_PATH,
  platform,
  wealth,
} from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createApplication } from '../applications/applications.repository';
import { createClient, createCredentials, createTransactions } from '../seed/wealth-factories';
import { createClientWithProducts, type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';
import { basicAuth, createApplicationFor, dataGet, getToken, requestToken } from './data-api-fixtures';

let t: TestApp;
let tenant: SignedInTenant;
let other: SignedInTenant;
let app: { client_id: string; client_secret: string };
let token: string;
let book: Awaited<ReturnType<typeof createClientWithProducts>>;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await signInTenant(t);
  other = await signInTenant(t);
  book = await createClientWithProducts(t, tenant.companyId, 'Ana Martínez');
  await createClient(t.db, { companyId: tenant.companyId, name: 'Bruno Díaz' });
  await createTransactions(t.db, { companyId: tenant.companyId, productId: book.account.id, count: 130 });
  await createCredentials(t.db, { companyId: tenant.companyId, clientId: book.client.id });
  app = await createApplicationFor(tenant, 'ERP');
  token = await getToken(t, app);
});
afterAll(() => t.close());

describe('token endpoint (RFC 6749 §4.4)', () => {
  it('issues a short-lived bearer token with HTTP Basic client authentication', async () => {
    const response = await requestToken(t.app, { clientId: app.client_id, secret: app.client_secret });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.pragma).toBe('no-cache');
    const body = response.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: DATA_API_TOKEN_LIFETIME_SECONDS,
    });
  });

  it('accepts the client credentials in the form body too', async () => {
    const response = await requestToken(
      t.app,
      { clientId: app.client_id, secret: app.client_secret },
      { via: 'body' },
    );
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong secret and an unknown client with 401 invalid_client and WWW-Authenticate', async () => {
    for (const credentials of [
      { clientId: app.client_id, secret: `${app.client_secret.slice(0, -1)}x` },
      { clientId: 'caudal_ci_unknown', secret: app.client_secret },
      // A NUL never reaches the database, which would refuse the comparison itself (a 500).
      { clientId: `${app.client_id}\u0000`, secret: app.client_secret },
      { clientId: app.client_id, secret: `${app.client_secret}\u0000` },
    ]) {
      for (const via of ['basic', 'body'] as const) {
        const response = await requestToken(t.app, credentials, { via });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
        expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
      }
    }
  });

  it('answers RFC 6749 §5.2 errors for a bad grant, a missing grant, both auth methods and a JSON body', async () => {
    const credentials = { clientId: app.client_id, secret: app.client_secret };
    const wrongGrant = await requestToken(t.app, credentials, { form: { grant_type: 'password' } });
    expect(wrongGrant.statusCode).toBe(400);
    expect(wrongGrant.json().error).toBe('unsupported_grant_type');

    const noGrant = await t.app.inject({
      method: 'POST',
      url: DATA_API_TOKEN_PATH,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basicAuth(app.client_id, app.client_secret),
      },
      payload: '',
    });
    expect(noGrant.statusCode).toBe(400);
    expect(noGrant.json().error).toBe('invalid_request');

    const both = await t.app.inject({
      method: 'POST',
      url: DATA_API_TOKEN_PATH,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basicAuth(app.client_id, app.client_secret),
      },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: app.client_id,
        client_secret: app.client_secret,
      }).toString(),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('invalid_request');

    const repeated = await t.app.inject({
      method: 'POST',
      url: DATA_API_TOKEN_PATH,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basicAuth(app.client_id, app.client_secret),
      },
      payload: 'grant_type=client_credentials&grant_type=client_credentials',
    });
    expect(repeated.json().error).toBe('invalid_request');

    const json = await t.app.inject({
      method: 'POST',
      url: DATA_API_TOKEN_PATH,
      headers: { authorization: basicAuth(app.client_id, app.client_secret) },
      payload: { grant_type: 'client_credentials' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('invalid_request');

    const scoped = await requestToken(t.app, credentials, { form: { scope: 'admin' } });
    expect(scoped.json().error).toBe('invalid_scope');
  });

  it('stops a deleted application at once: its token is refused and no new one is issued', async () => {
    const doomed = await createApplicationFor(tenant, 'Doomed');
    const doomedToken = await getToken(t, doomed);
    expect((await dataGet(t.app, doomedToken, '/api/v1/clients')).statusCode).toBe(200);
    const deleted = await tenant.call(applications.deleteApplication.path, { client_id: doomed.client_id });
    expect(deleted.statusCode).toBe(200);

    const refused = await dataGet(t.app, doomedToken, '/api/v1/clients');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('Unauthorized');
    expect(refused.headers['www-authenticate']).toContain('error="invalid_token"');
    const again = await requestToken(t.app, { clientId: doomed.client_id, secret: doomed.client_secret });
    expect(again.statusCode).toBe(401);
  });

  it('lets a token expire after its lifetime', async () => {
    const shortLived = await getToken(t, app);
    t.clock.advanceSeconds(DATA_API_TOKEN_LIFETIME_SECONDS + 1);
    try {
      const response = await dataGet(t.app, shortLived, '/api/v1/clients');
      expect(response.statusCode).toBe(401);
    } finally {
      t.clock.advanceSeconds(-(DATA_API_TOKEN_LIFETIME_SECONDS + 1));
    }
  });
});

describe('token types are kept apart', () => {
  it('the data API refuses a portal token', async () => {
    const response = await dataGet(t.app, tenant.token, '/api/v1/clients');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('Unauthorized');
  });

  it('the portal refuses a data-API token', async () => {
    for (const path of [platform.me.path, wealth.clientList.path, applications.listApplications.path]) {
      const response = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('the data API refuses a missing or forged token', async () => {
    expect((await dataGet(t.app, null, '/api/v1/clients')).statusCode).toBe(401);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await dataGet(t.app, forged, '/api/v1/clients')).statusCode).toBe(401);
  });
});

describe('reads', () => {
  it('lists clients a page at a time, searchable', async () => {
    const page = await dataGet(t.app, token, '/api/v1/clients?page=1&page_size=1');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, page: 1, page_size: 1, items: [{ name: 'Ana Martínez' }] });
    const second = await dataGet(t.app, token, '/api/v1/clients?page=2&page_size=1');
    expect(second.json().items[0].name).toBe('Bruno Díaz');
    const found = await dataGet(t.app, token, '/api/v1/clients?search=bruno');
    expect(found.json()).toMatchObject({ total: 1, items: [{ name: 'Bruno Díaz' }] });
    const bad = await dataGet(t.app, token, '/api/v1/clients?page_size=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toEqual(['query', 'page_size']);
  });

  it('reads a client, its accounts, portfolios and liabilities as the portal does', async () => {
    const id = book.client.id;
    expect((await dataGet(t.app, token, `/api/v1/clients/${id}`)).json().name).toBe('Ana Martínez');
    for (const [kind, call] of [
      ['accounts', wealth.clientAccountList],
      ['portfolios', wealth.clientPortfolioList],
      ['liabilities', wealth.clientLiabilityList],
    ] as const) {
      const data = await dataGet(t.app, token, `/api/v1/clients/${id}/${kind}`);
      const portal = await tenant.call(call.path, { client_id: id });
      expect(data.statusCode).toBe(200);
      expect(data.json().items).toEqual(portal.json());
      expect(data.json().items).toHaveLength(1);
    }
  });

  it('pages a product’s transactions by keyset, the same pages as the portal', async () => {
    const base = `/api/v1/clients/${book.client.id}/products/${book.account.id}/transactions`;
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=50&cursor=${encodeURIComponent(cursor)}` : '?limit=50';
      const data = await dataGet(t.app, token, `${base}${query}`);
      expect(data.statusCode).toBe(200);
      const portal = await tenant.call(wealth.productTransactionList.path, {
        client_id: book.client.id,
        product_id: book.account.id,
        limit: 50,
        ...(cursor ? { cursor } : {}),
      });
      expect(data.json()).toEqual(portal.json());
      const body: { items: { id: string }[]; next_cursor: string | null } = data.json();
      seen.push(...body.items.map((item) => item.id));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(130);
    expect((await dataGet(t.app, token, `${base}?cursor=garbage`)).statusCode).toBe(400);
    const portfolio = `/api/v1/clients/${book.client.id}/products/${book.portfolio.id}/transactions`;
    expect((await dataGet(t.app, token, portfolio)).statusCode).toBe(404);
  });

  it('lists credentials with their status and reads one', async () => {
    const list = await dataGet(t.app, token, '/api/v1/credentials');
    expect(list.statusCode).toBe(200);
    const items = list.json().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      bank: 'santander',
      client_id: book.client.id,
      status: { blocked: false },
    });
    const one = await dataGet(
      t.app,
      token,
      `/api/v1/credentials/${encodeURIComponent(items[0].credentials_token)}`,
    );
    expect(one.json()).toEqual(items[0]);
    expect((await dataGet(t.app, token, '/api/v1/credentials/nope')).statusCode).toBe(404);
  });
});

describe('tenancy', () => {
  it('another company’s application cannot read this company’s clients', async () => {
    const theirs = await createApplicationFor(other, 'ERP');
    const theirToken = await getToken(t, theirs);
    const list = await dataGet(t.app, theirToken, '/api/v1/clients');
    expect(list.json()).toMatchObject({ total: 0, items: [] });
    for (const path of [
      `/api/v1/clients/${book.client.id}`,
      `/api/v1/clients/${book.client.id}/accounts`,
      `/api/v1/clients/${book.client.id}/products/${book.account.id}/transactions`,
    ]) {
      expect((await dataGet(t.app, theirToken, path)).statusCode).toBe(404);
    }
    expect((await dataGet(t.app, theirToken, '/api/v1/credentials')).json().items).toEqual([]);
  });

  it('a company without the wealth module gets 403 ModuleDisabled on the wealth reads', async () => {
    const appsOnly = await signInTenant(t, { modules: ['applications', 'links'] });
    const appsToken = await getToken(t, await createApplicationFor(appsOnly));
    const response = await dataGet(t.app, appsToken, '/api/v1/clients');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ModuleDisabled');
  });

  it('taking the applications module away ends the company’s tokens', async () => {
    const losing = await signInTenant(t, { modules: ['wealth', 'applications'] });
    const losingApp = await createApplicationFor(losing);
    const losingToken = await getToken(t, losingApp);
    await t.db
      .updateTable('companies')
      .set({ modules: ['wealth'] })
      .where('id', '=', losing.companyId)
      .execute();
    expect((await dataGet(t.app, losingToken, '/api/v1/clients')).statusCode).toBe(401);
    const refused = await requestToken(t.app, {
      clientId: losingApp.client_id,
      secret: losingApp.client_secret,
    });
    expect(refused.json().error).toBe('unauthorized_client');
  });
});

describe('rate limit per application', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { DATA_API_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After past the limit, per application, until the window passes', async () => {
    const owner = await signInTenant(limited);
    const first = await getToken(limited, await createApplicationFor(owner, 'One'));
    const second = await getToken(limited, await createApplicationFor(owner, 'Two'));
    for (let i = 0; i < 3; i += 1) {
      const ok = await dataGet(limited.app, first, '/api/v1/clients');
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['ratelimit-remaining']).toBe(String(2 - i));
    }
    const refused = await dataGet(limited.app, first, '/api/v1/clients');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RateLimited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The counter is the application's own: another application of the company is unaffected.
    expect((await dataGet(limited.app, second, '/api/v1/clients')).statusCode).toBe(200);
    limited.clock.advanceSeconds(61);
    expect((await dataGet(limited.app, first, '/api/v1/clients')).statusCode).toBe(200);
  });
});

describe('rate limit per company, beside the per-application one', () => {
  const PER_APPLICATION = 3;
  const PER_COMPANY = 10;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      env: {
        DATA_API_RATE_LIMIT_PER_MINUTE: String(PER_APPLICATION),
        DATA_API_COMPANY_RATE_LIMIT_PER_MINUTE: String(PER_COMPANY),
      },
    });
  });
  afterAll(() => limited.close());

  it('the attack: 101 applications, each with its own budget, share the company’s', async () => {
    const owner = await signInTenant(limited);
    // As a company that made them before the cap existed: straight into the table, 101 of them.
    const tokens: string[] = [];
    for (let index = 0; index < 101; index += 1) {
      // The token endpoint has its own limit per address and company: a minute passes every 20 tokens.
      if (index % 20 === 0) limited.clock.advanceSeconds(61);
      const created = await createApplication(
        limited.db,
        owner.companyId,
        `Flood ${index}`,
        limited.clock(),
        Number.POSITIVE_INFINITY,
      );
      tokens.push(await getToken(limited, created));
    }
    const statuses: number[] = [];
    for (const token of tokens)
      statuses.push((await dataGet(limited.app, token, '/api/v1/clients')).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PER_COMPANY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(101 - PER_COMPANY);

    const refused = await dataGet(limited.app, tokens[50] ?? '', '/api/v1/clients');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RateLimited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-limit']).toBe(String(PER_COMPANY));
    expect(refused.headers['ratelimit-remaining']).toBe('0');

    // Another company's applications are not slowed by it.
    const other = await signInTenant(limited);
    const otherToken = await getToken(limited, await createApplicationFor(other));
    expect((await dataGet(limited.app, otherToken, '/api/v1/clients')).statusCode).toBe(200);
    // The window passes: the company has its budget again.
    limited.clock.advanceSeconds(61);
    expect((await dataGet(limited.app, tokens[0] ?? '', '/api/v1/clients')).statusCode).toBe(200);
  });

  it('a request the application’s own budget refuses does not spend the company’s', async () => {
    limited.clock.advanceSeconds(61);
    const owner = await signInTenant(limited);
    const noisy = await getToken(limited, await createApplicationFor(owner, 'Noisy'));
    const quiet = await getToken(limited, await createApplicationFor(owner, 'Quiet'));
    for (let index = 0; index < 20; index += 1) await dataGet(limited.app, noisy, '/api/v1/clients');
    // Noisy spent 3 of the company's 10; its 17 refused requests spent none of them.
    const answers = [];
    for (let index = 0; index < PER_APPLICATION; index += 1) {
      answers.push((await dataGet(limited.app, quiet, '/api/v1/clients')).statusCode);
    }
    expect(answers).toEqual([200, 200, 200]);
  });
});
