import { clearToken, getToken } from './token-store';

/**
 * What happens when the server says the session is gone (401/403/SessionExpired). The app registers the
 * real handler (it owns the router and the query cache); shared code only triggers it.
 */
type SessionEndHandler = () => void;

let handler: SessionEndHandler = () => {
  window.location.assign('/');
};
let ending = false;

export function onSessionEnd(next: SessionEndHandler): void {
  handler = next;
}

/** Why the last session ended, for the login page to say (it survives the redirects and a reload). */
export type SessionEndReason = 'expired' | 'ended';
const REASON_KEY = 'auth.endedReason';

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function readStoredReason(): SessionEndReason | null {
  const reason = sessionStore()?.getItem(REASON_KEY) ?? null;
  return reason === 'expired' || reason === 'ended' ? reason : null;
}

/**
 * The reason this document shows. Reading it has no side effect: a render React throws away (a route
 * still loading, a transition restarted) or a login form replaced by another must not use it up. It
 * leaves storage only once a login page has shown it (`markSessionEndReasonShown`, from an effect, which
 * runs for committed screens only), so a reload after that does not repeat it, while a full-page
 * navigation before that still finds it.
 */
let shownReason: SessionEndReason | null | undefined;

export function readSessionEndReason(): SessionEndReason | null {
  if (shownReason === undefined) shownReason = readStoredReason();
  return shownReason;
}

/** The login page has painted the notice: a reload or a later visit does not repeat it. */
export function markSessionEndReasonShown(): void {
  sessionStore()?.removeItem(REASON_KEY);
}

/** The user dismissed the notice or signed in again: it is over for this document too. */
export function forgetSessionEndReason(): void {
  sessionStore()?.removeItem(REASON_KEY);
  shownReason = null;
}

/**
 * A call was refused because its session is gone. `rejectedToken` is the token that call carried: an
 * answer about another session than the one held now (the user signed in again since, or the calls in
 * flight with a session this page already ended) ends nothing, so it can neither sign a new session out
 * nor bring the notice back after the login page has shown it. A call that carried no token, with none
 * held, just goes to the login page.
 * Many queries fail at once when a session dies; only the first one redirects.
 */
export function endSession(
  reason: SessionEndReason = 'ended',
  rejectedToken: string | null = getToken(),
): void {
  if (rejectedToken !== getToken()) return;
  if (rejectedToken !== null) {
    clearToken();
    // The first failure's reason stands: an idle timeout explains itself better than the 401s after it.
    sessionStore()?.setItem(REASON_KEY, reason);
    shownReason = reason;
  }
  if (ending) return;
  ending = true;
  try {
    handler();
  } finally {
    queueMicrotask(() => {
      ending = false;
    });
  }
}
