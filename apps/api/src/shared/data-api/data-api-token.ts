import { createHmac } from 'node:crypto';
import { DATA_API_TOKEN_LIFETIME_SECONDS } from '@caudal/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import { randomToken } from '../secure-tokens';

/**
 * Data-API tokens are JWTs of their own kind: another audience and type than the portal's, signed with
 * a key derived from the app's token secret for this one purpose. A portal token fails every check here
 * and a data-API token fails the portal's (decision 0012).
 */
export const DATA_API_TOKEN_ISSUER = 'caudal-api';
export const DATA_API_TOKEN_AUDIENCE = 'caudal-data-api';
/** RFC 9068's media type for OAuth 2.0 access tokens. */
const TOKEN_TYPE = 'at+jwt';
const ALGORITHM = 'HS256';

export interface DataApiTokenClaims {
  applicationId: string;
  companyId: string;
  clientId: string;
  /** The client secret it was minted from (`secretIdOf`): it dies with that secret. */
  secretId: string;
}

export function deriveDataApiKey(tokenSecret: Uint8Array): Uint8Array {
  return new Uint8Array(createHmac('sha256', tokenSecret).update('caudal data-api access token v1').digest());
}

export async function signDataApiToken(
  claims: DataApiTokenClaims,
  key: Uint8Array,
  issuedAt: Date,
): Promise<{ token: string; expiresIn: number }> {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  const token = await new SignJWT({
    cid: claims.companyId,
    client_id: claims.clientId,
    secret_id: claims.secretId,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE })
    .setSubject(claims.applicationId)
    .setIssuer(DATA_API_TOKEN_ISSUER)
    .setAudience(DATA_API_TOKEN_AUDIENCE)
    .setJti(randomToken(16))
    .setIssuedAt(iat)
    .setExpirationTime(iat + DATA_API_TOKEN_LIFETIME_SECONDS)
    .sign(key);
  return { token, expiresIn: DATA_API_TOKEN_LIFETIME_SECONDS };
}

export type DataApiTokenCheck =
  | { ok: true; claims: DataApiTokenClaims }
  | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyDataApiToken(
  token: string,
  key: Uint8Array,
  now: Date,
): Promise<DataApiTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      typ: TOKEN_TYPE,
      issuer: DATA_API_TOKEN_ISSUER,
      audience: DATA_API_TOKEN_AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'cid', 'client_id', 'secret_id', 'exp', 'iat'],
    });
    const { sub, cid, client_id: clientId, secret_id: secretId } = payload;
    if (
      typeof sub !== 'string' ||
      typeof cid !== 'string' ||
      typeof clientId !== 'string' ||
      typeof secretId !== 'string'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { applicationId: sub, companyId: cid, clientId, secretId } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
