import { clearToken } from './token-store';

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

/** The reason the last session ended, once: the login page shows it and it is gone. */
export function takeSessionEndReason(): SessionEndReason | null {
  const reason = sessionStore()?.getItem(REASON_KEY) ?? null;
  sessionStore()?.removeItem(REASON_KEY);
  return reason === 'expired' || reason === 'ended' ? reason : null;
}

/** Many queries fail at once when a session dies; only the first one redirects. */
export function endSession(reason: SessionEndReason = 'ended'): void {
  clearToken();
  // The first failure's reason stands: an idle timeout explains itself better than the 401s after it.
  if (!ending && !sessionStore()?.getItem(REASON_KEY)) sessionStore()?.setItem(REASON_KEY, reason);
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
