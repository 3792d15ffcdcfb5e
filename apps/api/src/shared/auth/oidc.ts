import { createHash } from 'node:crypto';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../app-error';
import { toCompanyNameKey } from '../company-name-key';
import type { AccessTokenClaims } from './access-token';
import { createSession } from './session-store';

export interface OidcVerifier {
  /** Verifies an id_token and maps it to a staff user and a server-side session (so logout works). */
  verify(idToken: string, now: Date): Promise<AccessTokenClaims>;
}

type OidcSettings = NonNullable<Config['oidc']>;

export function createOidcVerifier(settings: OidcSettings, db: Db): OidcVerifier {
  let keys: ReturnType<typeof createRemoteJWKSet> | null = null;
  const getKeys = async () => {
    if (!keys) keys = createRemoteJWKSet(new URL(await discoverJwksUri(settings.issuer)));
    return keys;
  };

  return {
    async verify(idToken, now) {
      const payload = await verifyIdToken(idToken, settings, await getKeys(), now);
      const user = await findOidcUser(db, payload, settings.companyClaim);
      if (!user) throw new AppError('Unauthorized', 'No single staff user matches this identity');
      // One session per id_token: the same token maps to the same row, so logout ends it for good.
      const sessionId = toUuid(createHash('sha256').update(idToken).digest('hex'));
      const lifetimeSeconds = Math.max(1, (payload.exp ?? 0) - Math.floor(now.getTime() / 1000));
      await createSession(db, {
        id: sessionId,
        userId: user.id,
        companyId: user.company_id,
        now,
        lifetimeSeconds,
      });
      return { userId: user.id, companyId: user.company_id, sessionId };
    },
  };
}

async function discoverJwksUri(issuer: string): Promise<string> {
  const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC discovery failed with ${response.status}`);
  const document = (await response.json()) as { jwks_uri?: unknown };
  if (typeof document.jwks_uri !== 'string') throw new Error('OIDC discovery has no jwks_uri');
  return document.jwks_uri;
}

async function verifyIdToken(
  idToken: string,
  settings: OidcSettings,
  keys: ReturnType<typeof createRemoteJWKSet>,
  now: Date,
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(idToken, keys, {
      issuer: settings.issuer,
      audience: settings.clientId,
      currentDate: now,
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'],
      requiredClaims: ['exp', 'sub'],
    });
    return payload;
  } catch {
    throw new AppError('Unauthorized', 'The id_token is not valid');
  }
}

async function findOidcUser(db: Db, payload: JWTPayload, companyClaim: string) {
  const company = payload[companyClaim];
  // An address the provider has not verified proves nothing: anyone could have typed it there.
  const email = payload.email_verified === true ? payload.email : undefined;
  const username = payload.preferred_username;
  if (typeof company !== 'string' || (typeof email !== 'string' && typeof username !== 'string')) return null;
  const candidates = await db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.id', 'users.company_id'])
    .where(sql<boolean>`lower(companies.name) = ${toCompanyNameKey(company)}`)
    .where('users.kind', '=', 'staff')
    .where('users.disabled_at', 'is', null)
    .where((eb) =>
      typeof email === 'string'
        ? eb(sql`lower(users.email)`, '=', email.toLowerCase())
        : eb(sql`lower(users.username)`, '=', String(username).toLowerCase()),
    )
    .limit(2)
    .execute();
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}

function toUuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
