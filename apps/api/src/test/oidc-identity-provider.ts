/// <reference path="./oidc-provider.d.ts" />
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type OidcAccount } from 'oidc-provider';

/**
 * A real OpenID Provider (oidc-provider 9) for tests: discovery, keys, the authorization code flow with
 * PKCE S256 for public clients, and oidc-provider's development login and consent pages. Its login form
 * takes an account's `sub` in the "login" field and ignores the password.
 */
export interface IdentityProviderAccount {
  sub: string;
  email: string;
  emailVerified?: boolean;
  name: string;
  preferredUsername: string;
  /** The custom company claim (scope `profile`); omitted from the tokens when undefined. */
  company?: string;
}

export interface IdentityProviderClient {
  clientId: string;
  redirectUris: readonly string[];
}

export interface IdentityProviderOptions {
  /** Public clients (`token_endpoint_auth_method: 'none'`); PKCE S256 is required of every one. */
  clients: readonly IdentityProviderClient[];
  accounts: readonly IdentityProviderAccount[];
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Lifetime of issued id_tokens (default 10 minutes). */
  idTokenTtlSeconds?: number;
}

export interface IdentityProvider {
  issuer: string;
  /** Registers one more account (tests create their users after the provider is up). */
  addAccount(account: IdentityProviderAccount): void;
  close(): Promise<void>;
}

export const ID_TOKEN_SCOPE = 'openid email profile';

export async function startIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  const host = options.host ?? '127.0.0.1';
  let handle: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
  const server = createServer((request, response) => {
    if (handle) handle(request, response);
    else response.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const accounts = [...options.accounts];
  const provider = new Provider(issuer, createConfiguration(options, accounts));
  handle = provider.callback();

  return {
    issuer,
    addAccount: (account) => {
      accounts.push(account);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function createConfiguration(
  options: IdentityProviderOptions,
  accounts: readonly IdentityProviderAccount[],
): Record<string, unknown> {
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const redirectOrigins = new Set(
    options.clients.flatMap((client) => client.redirectUris.map((uri) => new URL(uri).origin)),
  );
  const idTokenTtl = options.idTokenTtlSeconds ?? 600;

  return {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      token_endpoint_auth_method: 'none',
      redirect_uris: [...client.redirectUris],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      application_type: 'web',
    })),
    async findAccount(_ctx: unknown, sub: string): Promise<OidcAccount | undefined> {
      const account = accounts.find((candidate) => candidate.sub === sub);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: () => ({
          sub: account.sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name,
          preferred_username: account.preferredUsername,
          company: account.company,
        }),
      };
    },
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'company'],
    },
    scopes: ['openid', 'email', 'profile'],
    // The portal reads the id_token and never calls userinfo (spec): scope claims go into the id_token.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    responseTypes: ['code'],
    // The portal's token request is cross-origin: allow the origins of the registered redirect URIs.
    clientBasedCORS: (_ctx: unknown, origin: string) => redirectOrigins.has(origin),
    jwks: { keys: [{ ...signingKey, alg: 'RS256', use: 'sig', kid: 'test-signing-key' }] },
    cookies: { keys: ['caudal-test-identity-provider-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: idTokenTtl,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  };
}
