import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, post, type TestApp } from '../../test/test-app';

let t: TestApp;
let issuer: Server;
let issuerUrl: string;
let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

beforeAll(async () => {
  const keys = await generateKeyPair('RS256');
  privateKey = keys.privateKey;
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  // A stand-in identity provider: discovery document and keys, nothing else.
  issuer = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer: issuerUrl, jwks_uri: `${issuerUrl}/jwks` }));
    } else if (request.url === '/jwks') {
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
  issuerUrl = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: { AUTH_STRATEGY: 'oidc', OIDC_ISSUER: issuerUrl, OIDC_CLIENT_ID: 'caudal-portal' },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => issuer.close(resolve));
});

function signIdToken(claims: Record<string, unknown>, options: { audience?: string; issuer?: string } = {}) {
  const now = Math.floor(t.clock().getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setSubject('idp-user-1')
    .setIssuer(options.issuer ?? issuerUrl)
    .setAudience(options.audience ?? 'caudal-portal')
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(privateKey);
}

describe('the OIDC strategy', () => {
  it('accepts an id_token mapped to a staff user by email and company', async () => {
    const tenant = await createTenant(t.db);
    const idToken = await signIdToken({
      email: tenant.user.email?.toUpperCase(),
      company: tenant.company.name,
    });
    const response = await post(t.app, '/platform/me', { token: idToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(tenant.user.id);
    expect(response.headers['content-security-policy']).toContain(`connect-src 'self' ${issuerUrl}`);

    expect((await post(t.app, '/auth/v0/logout', { token: idToken })).statusCode).toBe(200);
    expect((await post(t.app, '/platform/me', { token: idToken })).statusCode).toBe(401);
  });

  it('rejects another audience, another issuer, and unknown users', async () => {
    const tenant = await createTenant(t.db);
    const claims = { email: tenant.user.email, company: tenant.company.name };
    const tokens = [
      await signIdToken(claims, { audience: 'someone-else' }),
      await signIdToken(claims, { issuer: 'https://evil.example' }),
      await signIdToken({ ...claims, company: 'Unknown Company' }),
      await signIdToken({ email: 'nobody@caudal.test', company: tenant.company.name }),
      await signIdToken({ email: tenant.user.email }),
    ];
    for (const token of tokens) {
      expect((await post(t.app, '/platform/me', { token })).statusCode).toBe(401);
    }
  });

  it('never maps an id_token to a portal user', async () => {
    const tenant = await createTenant(t.db, { kind: 'portal' });
    const token = await signIdToken({ email: tenant.user.email, company: tenant.company.name });
    expect((await post(t.app, '/platform/me', { token })).statusCode).toBe(401);
  });
});
