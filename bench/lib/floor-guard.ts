// What a minimal server must do before it may answer a signed-in call, as the API's guard does it:
// verify the token with jose (HS256 pinned, the same secret, issuer, audience and required claims as
// apps/api/src/shared/auth/access-token.ts; the key imported once) and check the session row the
// guard's join returns (same session, user and tenant; not ended or disabled; not expired or idle).
// Shared by the `/platform/me` floor (me-floor-server.ts) and the list floor (bare-sql-process.ts).
// Nothing of the API is imported.
import { jwtVerify } from 'jose';

export interface FloorClaims {
  sub?: string;
  sid?: unknown;
  cid?: unknown;
}

export interface FloorGuard {
  /** The token's claims if jose accepts it, else null. */
  verify(token: string): Promise<FloorClaims | null>;
  /** Whether the session join's row lets the call through. */
  isAlive(session: Record<string, unknown> | undefined, claims: FloorClaims): boolean;
}

export async function createFloorGuard(options: {
  secret: string;
  idleMinutes: number;
}): Promise<FloorGuard> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(options.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: 'caudal-api',
          audience: 'caudal-portal',
          requiredClaims: ['sub', 'sid', 'cid', 'exp', 'iat'],
        });
        return payload;
      } catch {
        return null;
      }
    },
    isAlive(session, claims) {
      const now = Date.now();
      return Boolean(
        session &&
          session.userId === claims.sub &&
          session.companyId === claims.cid &&
          session.userCompanyId === claims.cid &&
          !session.endedAt &&
          !session.disabledAt &&
          !session.companyDisabledAt &&
          new Date(session.expiresAt as string).getTime() > now &&
          now - new Date(session.lastSeenAt as string).getTime() <= options.idleMinutes * 60_000,
      );
    },
  };
}
