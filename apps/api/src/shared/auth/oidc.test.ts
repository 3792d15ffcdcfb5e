import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type IdentityProvider,
  type IdentityProviderAccount,
  startIdentityProvider,
} from '../../test/oidc-identity-provider';
import { signInAtIdentityProvider } from '../../test/oidc-sign-in';
import { createTenant, createTestApp, post, type TestApp } from '../../test/test-app';

/**
 * The OIDC strategy against a real identity provider (oidc-provider): every id_token here comes from the
 * authorization code flow with PKCE, driven over HTTP by openid-client.
 */
const CLIENT_ID = 'caudal-portal';
const OTHER_CLIENT_ID = 'another-app';
const REDIRECT_URI = 'http://portal.caudal.test/es/auth/callback';
const ID_TOKEN_TTL_SECONDS = 600;

let t: TestApp;
let idp: IdentityProvider;
let otherIdp: IdentityProvider;
/** The API's clock is real time (the provider stamps real times) plus an offset a test may move. */
let clockOffsetMs = 0;

beforeAll(async () => {
  const clients = [
    { clientId: CLIENT_ID, redirectUris: [REDIRECT_URI] },
    { clientId: OTHER_CLIENT_ID, redirectUris: ['http://other.caudal.test/callback'] },
  ];
  idp = await startIdentityProvider({ clients, accounts: [], idTokenTtlSeconds: ID_TOKEN_TTL_SECONDS });
  otherIdp = await startIdentityProvider({ clients, accounts: [] });
  t = await createTestApp({
    env: { AUTH_STRATEGY: 'oidc', OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: CLIENT_ID },
    clock: () => new Date(Date.now() + clockOffsetMs),
  });
});
afterEach(() => {
  clockOffsetMs = 0;
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
  await otherIdp?.close();
});

/** An account at the provider; `sub` is what the login form takes. */
function account(overrides: Partial<IdentityProviderAccount> & { email: string }): IdentityProviderAccount {
  return { sub: `idp-${randomUUID()}`, name: 'Test Person', preferredUsername: 'person', ...overrides };
}

async function signIn(
  who: IdentityProviderAccount,
  options: { provider?: IdentityProvider; clientId?: string } = {},
): Promise<string> {
  const provider = options.provider ?? idp;
  const clientId = options.clientId ?? CLIENT_ID;
  provider.addAccount(who);
  return signInAtIdentityProvider({
    issuer: provider.issuer,
    clientId,
    redirectUri: clientId === CLIENT_ID ? REDIRECT_URI : 'http://other.caudal.test/callback',
    login: who.sub,
  });
}

function claimsOf(idToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

describe('the OIDC strategy, with id_tokens from a real identity provider', () => {
  it('maps a valid id_token to the staff user by email and company, then logout ends it', async () => {
    const tenant = await createTenant(t.db);
    const idToken = await signIn(
      account({ email: String(tenant.user.email).toUpperCase(), company: tenant.company.name }),
    );
    expect(claimsOf(idToken)).toMatchObject({
      iss: idp.issuer,
      aud: CLIENT_ID,
      email_verified: true,
      name: 'Test Person',
      preferred_username: 'person',
      company: tenant.company.name,
    });

    const response = await post(t.app, '/platform/me', { token: idToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(tenant.user.id);
    expect(response.headers['content-security-policy']).toContain(`connect-src 'self' ${idp.issuer}`);
    // The same id_token keeps working: it names the same server-side session.
    expect((await post(t.app, '/platform/me', { token: idToken })).statusCode).toBe(200);

    expect((await post(t.app, '/auth/v0/logout', { token: idToken })).statusCode).toBe(200);
    expect((await post(t.app, '/platform/me', { token: idToken })).statusCode).toBe(401);
  });

  it('rejects an unknown email, an unknown company and a missing company claim', async () => {
    const tenant = await createTenant(t.db);
    const accounts = [
      account({ email: 'nobody@caudal.test', company: tenant.company.name }),
      account({ email: String(tenant.user.email), company: 'Unknown Company' }),
      account({ email: String(tenant.user.email) }),
    ];
    for (const who of accounts) {
      const idToken = await signIn(who);
      expect((await post(t.app, '/platform/me', { token: idToken })).statusCode).toBe(401);
    }
  });

  it('never maps an id_token to a portal user', async () => {
    const tenant = await createTenant(t.db, { kind: 'portal' });
    const idToken = await signIn(account({ email: String(tenant.user.email), company: tenant.company.name }));
    expect((await post(t.app, '/platform/me', { token: idToken })).statusCode).toBe(401);
  });

  it('rejects an id_token for another client (audience) and one from another issuer', async () => {
    const tenant = await createTenant(t.db);
    const who = account({ email: String(tenant.user.email), company: tenant.company.name });
    const forAnotherClient = await signIn(who, { clientId: OTHER_CLIENT_ID });
    expect(claimsOf(forAnotherClient).aud).toBe(OTHER_CLIENT_ID);
    const fromAnotherIssuer = await signIn(who, { provider: otherIdp });
    expect(claimsOf(fromAnotherIssuer).iss).toBe(otherIdp.issuer);

    for (const token of [forAnotherClient, fromAnotherIssuer]) {
      expect((await post(t.app, '/platform/me', { token })).statusCode).toBe(401);
    }
    // The same person through the right client is accepted.
    expect((await post(t.app, '/platform/me', { token: await signIn(who) })).statusCode).toBe(200);
  });

  it('rejects an expired id_token', async () => {
    const tenant = await createTenant(t.db);
    const idToken = await signIn(account({ email: String(tenant.user.email), company: tenant.company.name }));
    clockOffsetMs = (ID_TOKEN_TTL_SECONDS - 60) * 1000;
    expect((await post(t.app, '/platform/me', { token: idToken })).statusCode).toBe(200);
    clockOffsetMs = (ID_TOKEN_TTL_SECONDS + 60) * 1000;
    expect((await post(t.app, '/platform/me', { token: idToken })).statusCode).toBe(401);
  });

  it('rejects a tampered id_token', async () => {
    const victim = await createTenant(t.db);
    const attacker = await createTenant(t.db);
    const idToken = await signIn(
      account({ email: String(attacker.user.email), company: attacker.company.name }),
    );
    const [header = '', payload = '', signature = ''] = idToken.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claimsOf(idToken), email: victim.user.email, company: victim.company.name }),
    ).toString('base64url');
    const forged = `${header}.${forgedPayload}.${signature}`;
    // The signature's first character: every one of its bits counts (the last one's low bits do not).
    const firstChar = signature.startsWith('A') ? 'B' : 'A';
    const badSignature = `${header}.${payload}.${firstChar}${signature.slice(1)}`;

    for (const token of [forged, badSignature]) {
      expect((await post(t.app, '/platform/me', { token })).statusCode).toBe(401);
    }
    // Untouched, the same id_token is the attacker's own and valid.
    const own = await post(t.app, '/platform/me', { token: idToken });
    expect(own.statusCode).toBe(200);
    expect(own.json().user.id).toBe(attacker.user.id);
  });
});
