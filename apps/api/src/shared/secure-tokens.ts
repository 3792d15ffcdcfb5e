import { createHash, randomBytes } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `bytes` random bytes, base64url: links, credentials tokens, reset tokens. */
export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** The sha-256 (hex) of a token: what the database keeps instead of the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Ids are UUIDs in the database; anything else names nothing (a 404, not a cast error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
