import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CLIENT_ID_PREFIX, CLIENT_SECRET_PREFIX } from '@caudal/contract';

/** 32 bytes: 256 bits of randomness in every secret. */
const SECRET_BYTES = 32;
const CLIENT_ID_BYTES = 16;

export function generateClientId(): string {
  return `${CLIENT_ID_PREFIX}${randomBytes(CLIENT_ID_BYTES).toString('hex')}`;
}

/** `caudal_sk_` + 43 base64url characters. Shown once; only its hash is kept. */
export function generateClientSecret(): string {
  return `${CLIENT_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
}

/**
 * SHA-256 (hex). A slow password hash buys nothing for a 256-bit random secret (no dictionary to try)
 * and would make every token request cost tens of milliseconds of CPU: decision 0011.
 */
export function hashClientSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares the digests in constant time; a missing application is compared against a dummy. */
export function isClientSecretValid(secret: string, storedHash: string | null): boolean {
  const given = Buffer.from(hashClientSecret(secret), 'hex');
  const stored = Buffer.from(storedHash ?? DUMMY_HASH, 'hex');
  return stored.length === given.length && timingSafeEqual(given, stored) && storedHash !== null;
}

const DUMMY_HASH = hashClientSecret('no application has this secret');

/**
 * Names one secret in the tokens minted from it, so the data API can refuse them once that secret is
 * retired. Derived from the stored hash, one way, so a token (which may land in a log) never carries
 * the hash the token endpoint compares against.
 */
export function secretIdOf(secretHash: string): string {
  return createHash('sha256')
    .update(`caudal data-api secret id v1:${secretHash}`, 'utf8')
    .digest('base64url')
    .slice(0, 22);
}
