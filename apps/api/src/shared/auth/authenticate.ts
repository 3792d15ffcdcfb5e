import { decodeProtectedHeader } from 'jose';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../app-error';
import type { Clock } from '../clock';
import { isUuid } from '../secure-tokens';
import { type AccessTokenClaims, verifyAccessToken } from './access-token';
import { type Actor, findPermissions, toModules } from './actor';
import { parseBearer } from './bearer';
import type { OidcVerifier } from './oidc';
import { endSession, findPortalClientIds, findSessionWithUser, touchSession } from './session-store';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  config: Config;
  tokenSecret: Uint8Array;
  oidc: OidcVerifier | null;
}

/** Activity is recorded at most this often per session: the guard must not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Set to `1` by the portal on a call its user did not make (a screen polling in an unattended tab,
 * apps/web/src/shared/api/session-activity.ts). Such a call is checked like any other but is no sign
 * of presence: counted as activity, background polls kept an abandoned tab's session alive forever.
 */
export const BACKGROUND_CALL_HEADER = 'x-caudal-background';

/** Whether a request's headers mark it as a background call (Fastify lower-cases header names). */
export function isBackgroundCall(headers: Record<string, string | string[] | undefined>): boolean {
  return headers[BACKGROUND_CALL_HEADER] === '1';
}

export interface AuthenticateOptions {
  /** A call the user did not make: it must not extend the session's idle time (`last_seen_at`). */
  isBackground?: boolean;
}

export async function authenticate(
  deps: AuthDeps,
  authorization: string | undefined,
  options: AuthenticateOptions = {},
): Promise<Actor> {
  const token = parseBearer(authorization);
  if (!token) throw new AppError('Unauthorized', 'A Bearer token is required');
  const now = deps.clock();
  const claims = deps.oidc && isOidcToken(token) ? await deps.oidc.verify(token, now) : null;
  return loadActor(deps, claims ?? (await verifyLocalToken(deps, token, now)), now, options);
}

/** Our own tokens are HS256; an identity provider's id_token is signed with its asymmetric keys. */
function isOidcToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).alg !== 'HS256';
  } catch {
    return false;
  }
}

async function verifyLocalToken(deps: AuthDeps, token: string, now: Date): Promise<AccessTokenClaims> {
  const check = await verifyAccessToken(token, deps.tokenSecret, now);
  if (check.ok) return check.claims;
  if (check.reason === 'expired') throw new AppError('SessionExpired', 'The token has expired');
  throw new AppError('Unauthorized', 'The token is not valid');
}

/** The token only names a session: the server-side row decides whether it is still alive. */
async function loadActor(
  deps: AuthDeps,
  claims: AccessTokenClaims,
  now: Date,
  options: AuthenticateOptions,
): Promise<Actor> {
  if (!isUuid(claims.sessionId)) throw new AppError('Unauthorized', 'Unknown session');
  const session = await findSessionWithUser(deps.db, claims.sessionId);
  const isSameTenant =
    session?.userId === claims.userId &&
    session.companyId === claims.companyId &&
    session.userCompanyId === claims.companyId;
  if (!session || !isSameTenant) throw new AppError('Unauthorized', 'Unknown session');
  if (session.endedAt) throw new AppError('Unauthorized', 'The session has ended');
  if (session.disabledAt || session.companyDisabledAt) {
    await endSession(deps.db, session.sessionId, now);
    throw new AppError(
      'Unauthorized',
      session.disabledAt ? 'The user is disabled' : 'The company is disabled',
    );
  }
  if (session.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('SessionExpired', 'The session has expired');
  }
  const idleMs = now.getTime() - session.lastSeenAt.getTime();
  if (idleMs > deps.config.sessionIdleMinutes * 60_000) {
    await endSession(deps.db, session.sessionId, now);
    throw new AppError('SessionExpired', 'The session expired after inactivity');
  }
  // "Last seen" is the user's last sign of presence: a background call passed every check above
  // (so an idle session still ends) but leaves it where it was.
  if (!options.isBackground && idleMs >= TOUCH_INTERVAL_MS) {
    await touchSession(deps.db, session.sessionId, now);
  }

  const modules = toModules(session.modules);
  return {
    userId: session.userId,
    companyId: session.companyId,
    kind: session.kind,
    role: session.kind === 'staff' ? session.role : null,
    modules,
    permissions: findPermissions(session.kind, modules, session.userModules),
    sessionId: session.sessionId,
    // Staff see every client of the company; a portal user only the clients assigned to them.
    clientIds:
      session.kind === 'portal'
        ? await findPortalClientIds(deps.db, session.userId, session.companyId)
        : null,
    profile: {
      username: session.username,
      name: session.name,
      email: session.email,
      companyName: session.companyName,
    },
  };
}
