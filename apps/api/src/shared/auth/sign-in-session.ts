import { ACCESS_TOKEN_MAX_AGE_SECONDS } from '@caudal/contract';
import type { Db } from '../../db/database';
import { signAccessToken } from './access-token';
import { createSession } from './session-store';

/** Where a sign-in comes from, as the user's list of sessions shows it. */
export interface SignInOrigin {
  address: string | null;
  browser: string | null;
  /** The request's id, for the audit log's sign-in events. */
  requestId?: string | null;
}

const BROWSER_MAX_LENGTH = 300;

export function toSignInOrigin(
  ip: string | undefined,
  userAgent: string | undefined,
  requestId?: string,
): SignInOrigin {
  return {
    address: ip ?? null,
    browser: userAgent ? userAgent.slice(0, BROWSER_MAX_LENGTH) : null,
    requestId: requestId ?? null,
  };
}

/** The end of every successful sign-in (password, code, enrolment): a session and the spec's token. */
export async function startSignedInSession(
  deps: { db: Db; tokenSecret: Uint8Array },
  user: { id: string; companyId: string },
  now: Date,
  origin: SignInOrigin,
) {
  await deps.db.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', user.id).execute();
  const sessionId = await createSession(deps.db, {
    userId: user.id,
    companyId: user.companyId,
    now,
    lifetimeSeconds: ACCESS_TOKEN_MAX_AGE_SECONDS,
    origin,
  });
  const accessToken = await signAccessToken(
    { userId: user.id, sessionId, companyId: user.companyId },
    deps.tokenSecret,
    now,
    ACCESS_TOKEN_MAX_AGE_SECONDS,
  );
  return {
    access_token: accessToken,
    token_type: 'Bearer' as const,
    expires_in: ACCESS_TOKEN_MAX_AGE_SECONDS,
  };
}
