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

/** Many queries fail at once when a session dies; only the first one redirects. */
export function endSession(): void {
  clearToken();
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
