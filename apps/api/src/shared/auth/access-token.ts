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

/** A token this process has verified: its claims, and the times that bound its use. */
interface VerifiedToken {
  claims: AccessTokenClaims;
  /** `exp` and `nbf`, in seconds since the epoch (`nbf` 0 when absent). */
  expiresAt: number;
  notBefore: number;
}

/** Enough for every session signed in at once on a large install; ~400 bytes an entry. */
const MAX_VERIFIED_TOKENS = 10_000;

/**
 * Tokens already verified with a secret, by their exact text. A signed-in browser sends the same token
 * on every call until it is refreshed, so jose's HMAC through WebCrypto (the largest share of a small
 * call's CPU beside the socket: bench/README.md, issue 32, decision 0051) runs once per token instead of
 * once per call. Only a text that passed the full check once hits (a forged or altered token is a
 * different string), its expiry and not-before are checked again on every use, and whether its session
 * is still alive is not decided here: the guard reads the session row on every call, so a revoked
 * session is refused at once whatever this cache holds. Bounded: the oldest entries go first.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, VerifiedToken>>();

function verifiedTokensOf(secret: Uint8Array): Map<string, VerifiedToken> {
  let tokens = verifiedTokens.get(secret);
  if (!tokens) {
    tokens = new Map();
    verifiedTokens.set(secret, tokens);
  }
  return tokens;
}

/** The algorithm is pinned: `alg: none` or any other algorithm is refused before the signature. */
export async function verifyAccessToken(token: string, secret: Uint8Array, now: Date): Promise<TokenCheck> {
  const tokens = verifiedTokensOf(secret);
  const seconds = Math.floor(now.getTime() / 1000);
  const known = tokens.get(token);
  if (known) {
    // jose's rules, without its clock tolerance (none is configured): expired at `exp`, valid from `nbf`.
    if (known.expiresAt <= seconds) {
      tokens.delete(token);
      return { ok: false, reason: 'expired' };
    }
    if (known.notBefore > seconds) return { ok: false, reason: 'invalid' };
    return { ok: true, claims: known.claims };
  }
  try {
    const { payload } = await jwtVerify(token, await verifyKeyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'sid', 'cid', 'exp', 'iat'],
    });
    const { sub, sid, cid, exp, nbf } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof cid !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    const claims = { userId: sub, sessionId: sid, companyId: cid };
    if (tokens.size >= MAX_VERIFIED_TOKENS) tokens.delete(tokens.keys().next().value as string);
    tokens.set(token, { claims, expiresAt: exp as number, notBefore: typeof nbf === 'number' ? nbf : 0 });
    return { ok: true, claims };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
