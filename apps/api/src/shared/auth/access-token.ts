import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

type CryptoKey = webcrypto.CryptoKey;

export const TOKEN_ISSUER = 'caudal-api';
export const TOKEN_AUDIENCE = 'caudal-portal';
const ALGORITHM = 'HS256';

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  companyId: string;
}

export function encodeSecret(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export function signAccessToken(
  claims: AccessTokenClaims,
  secret: Uint8Array,
  issuedAt: Date,
  lifetimeSeconds: number,
): Promise<string> {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId, cid: claims.companyId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(secret);
}

export type TokenCheck =
  | { ok: true; claims: AccessTokenClaims }
  | { ok: false; reason: 'expired' | 'invalid' };

/**
 * The secret imported once as an HMAC verification key: given raw bytes, jose imports a WebCrypto key
 * on every call, which was a measurable share of the guard's CPU (bench/README.md).
 */
const verifyKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function verifyKeyOf(secret: Uint8Array): Promise<CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyKeys.set(secret, key);
  }
  return key;
}

/** The algorithm is pinned: `alg: none` or any other algorithm is refused before the signature. */
export async function verifyAccessToken(token: string, secret: Uint8Array, now: Date): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, await verifyKeyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'sid', 'cid', 'exp', 'iat'],
    });
    const { sub, sid, cid } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof cid !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { userId: sub, sessionId: sid, companyId: cid } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
