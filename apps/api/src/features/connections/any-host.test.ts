import { connections, platform } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findResetPageUrl } from '../auth/password-reset';
import { createCredentials } from '../seed/wealth-factories';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';
import { submit } from './connections-fixtures';
import { findRequestOrigin } from './redirect-uri';

/**
 * Issue 9 item 1: with no URL configured the portal works on whatever host name it is opened on; the
 * URLs handed to others still come from configuration; configured URLs keep the strict checks.
 */
let open: TestApp;
let strict: TestApp;
beforeAll(async () => {
  // PUBLIC_URL '' is "unset": the defaults, as after `npm start`.
  [open, strict] = await Promise.all([
    createTestApp({ env: { PUBLIC_URL: '' } }),
    createTestApp({ env: { API_BASE_URL: 'https://api.caudal.test/' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([open?.close(), strict?.close()]);
});

function callOn(t: TestApp, tenant: SignedInTenant, host: string, path: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { host, authorization: `Bearer ${tenant.token}` },
    payload: payload as Record<string, unknown>,
  });
}

const connectionsPage = (origin: string) => `${origin}/es/wealth/connections?fromlink=true`;

describe('no URL configured: any host name', () => {
  it('hands the portal a relative API base and a CSP that allows only its own origin', async () => {
    const response = await open.app.inject({
      method: 'GET',
      url: '/config.json',
      headers: { host: '127.0.0.1:3000' },
    });
    const config = platform.ZRuntimeConfig.parse(response.json());
    expect(config.apiBaseUrl).toBe('');
    // Links handed to others come from configuration (the default PUBLIC_URL), never from Host.
    expect(config.linkBaseUrl).toBe('http://localhost:3000');
    expect(response.headers['content-security-policy']).toContain("connect-src 'self';");
  });

  it.each([['127.0.0.1:3000'], ['localhost:3000'], ['192.168.1.20:3000']])(
    'creates a connect link that returns to %s, while the link itself uses PUBLIC_URL',
    async (host) => {
      const tenant = await signInTenant(open);
      const origin = `http://${host}`;
      const response = await callOn(open, tenant, host, connections.createConnectLink.path, {
        redirect_uri: connectionsPage(origin),
        language: 'en',
      });
      expect(response.statusCode, response.body).toBe(200);
      const link = connections.createConnectLink.response.parse(response.json());
      expect(link.url).toBe(`http://localhost:3000/en/connect/${link.token}`);

      const done = await submit(open, link.token, { username: 'demo-ok', password: 'demo' });
      expect(done.statusCode).toBe(200);
      const back = new URL(done.json().redirect_to);
      expect(back.origin).toBe(origin);
      expect(back.pathname).toBe('/es/wealth/connections');
    },
  );

  it('resolves a path against the origin the call came from', async () => {
    const tenant = await signInTenant(open);
    const response = await callOn(open, tenant, '127.0.0.1:3000', connections.createConnectLink.path, {
      redirect_uri: '/es/wealth/connections?fromlink=true',
    });
    const link = connections.createConnectLink.response.parse(response.json());
    const done = await submit(open, link.token, { username: 'demo-ok', password: 'demo' });
    expect(new URL(done.json().redirect_to).origin).toBe('http://127.0.0.1:3000');
  });

  it('still refuses other origins and odd Host headers (no open redirect)', async () => {
    const tenant = await signInTenant(open);
    const foreign = await callOn(open, tenant, '127.0.0.1:3000', connections.createConnectLink.path, {
      redirect_uri: connectionsPage('https://evil.test'),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.code).toBe('ValidationError');

    for (const host of ['evil.test@127.0.0.1:3000', 'evil.test/x', 'a b']) {
      expect(findRequestOrigin(open.config, { protocol: 'http', host }), host).toBeNull();
    }
    expect(findRequestOrigin(open.config, { protocol: 'http', host: '[::1]:3000' })).toBe(
      'http://[::1]:3000',
    );
  });

  it('mails reset links on the configured origin, whatever host the request named', () => {
    const page = findResetPageUrl('http://127.0.0.1:3000/en/sesion/resetPassword', 'en', open.config);
    expect(page.toString()).toBe('http://localhost:3000/en/sesion/resetPassword');
  });
});

describe('URLs configured: strict checks', () => {
  it('hands the portal the configured API base and lets the CSP reach it', async () => {
    const response = await strict.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.json().apiBaseUrl).toBe('https://api.caudal.test');
    expect(response.headers['content-security-policy']).toContain(
      "connect-src 'self' https://api.caudal.test;",
    );
  });

  it('refuses a redirect to the host the call came from when it is not a configured origin', async () => {
    const tenant = await signInTenant(strict);
    expect(findRequestOrigin(strict.config, { protocol: 'http', host: '127.0.0.1:3000' })).toBeNull();
    const response = await callOn(strict, tenant, '127.0.0.1:3000', connections.createConnectLink.path, {
      redirect_uri: connectionsPage('http://127.0.0.1:3000'),
    });
    expect(response.statusCode).toBe(400);

    // A path resolves against the configured origin, not the Host header.
    const path = await callOn(strict, tenant, '127.0.0.1:3000', connections.createConnectLink.path, {
      redirect_uri: '/es/wealth/connections?fromlink=true',
    });
    const link = connections.createConnectLink.response.parse(path.json());
    expect(link.url.startsWith(`${strict.config.linkBaseUrl}/es/connect/`)).toBe(true);
    const done = await submit(strict, link.token, { username: 'demo-ok', password: 'demo' });
    expect(new URL(done.json().redirect_to).origin).toBe(strict.config.redirectBaseUrl);
  });
});

describe('force-reset links follow the caller language (item 10)', () => {
  it.each([
    ['en', 'en'],
    ['es', 'es'],
    [undefined, 'es'],
  ] as const)('language %s gives /%s/ pages and return path', async (language, expected) => {
    const tenant = await signInTenant(strict);
    const credential = await createCredentials(strict.db, { companyId: tenant.companyId, entityId: 'bbva' });
    const response = await tenant.call(connections.credentialsForceReset.path, {
      credentials_token: credential.token,
      ...(language ? { language } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { reset_token, url } = response.json();
    expect(url).toBe(`${strict.config.linkBaseUrl}/${expected}/connect/${reset_token}`);
    const row = await strict.db
      .selectFrom('connect_tokens')
      .select(['language', 'redirect_uri'])
      .where('company_id', '=', tenant.companyId)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe(expected);
    expect(new URL(row.redirect_uri).pathname).toBe(`/${expected}/wealth/connections/bbva`);
  });

  it('refuses a language we do not speak', async () => {
    const tenant = await signInTenant(strict);
    const credential = await createCredentials(strict.db, { companyId: tenant.companyId });
    const response = await tenant.call(connections.credentialsForceReset.path, {
      credentials_token: credential.token,
      language: 'fr',
    });
    expect(response.statusCode).toBe(400);
  });
});
