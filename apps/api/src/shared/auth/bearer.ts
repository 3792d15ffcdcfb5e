/**
 * The token of an `Authorization: Bearer …` header, or null. The scheme's name is case-insensitive
 * (RFC 9110 section 11.1: "bearer" and "BEARER" are the same scheme); the token is taken as sent.
 */
export function parseBearer(authorization: string | undefined): string | null {
  const match = /^bearer +([A-Za-z0-9._~+/=-]+)$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}
