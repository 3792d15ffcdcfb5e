/**
 * When the server last counted this tab's session as active: it ends a session after
 * `sessionIdleMinutes` without a call that shows its user is there (the answer to any such call, bar
 * the one that ends it, restarts that clock; a background call does not, see `isBackgroundCall`).
 * Kept here, module-wide, by call-api.ts.
 */
let lastCallAt = Date.now();

export function noteSessionCall(at = Date.now()): void {
  lastCallAt = at;
}

export function lastSessionCallAt(): number {
  return lastCallAt;
}

/**
 * The user's last sign of presence: typing, pressing, clicking (not the mouse passing by), noted by the
 * keep-alive (use-session-keep-alive.tsx). Read both by the keep-alive and by every call (call-api.ts),
 * which marks a call made while the user is away as a background call. It lives here rather than in
 * shared/session because shared/session imports shared/api (and folders must not import each other).
 */
let lastActionAt = 0;
/** Opening or reloading the page is the user's doing too: the first screen's calls count. */
const loadedAt = Date.now();

/** Other tabs hold the same session (token-store.ts): a user at work in one is present in all. */
const SHARED_ACTION_KEY = 'caudal.lastActionAt';
/** Other tabs learn of an action this late at most: a keystroke does not write storage each time. */
const SHARE_INTERVAL_MS = 10_000;
let sharedAt = 0;

/**
 * A call made this long after the user's last action is no sign they are there (a screen polling on
 * its own, `refetchInterval`): about a minute, the server's own granularity for "last seen".
 */
export const PRESENCE_WINDOW_MS = 60_000;

/** Sent as `1` on a background call: the server checks it as any call but does not extend the session. */
export const BACKGROUND_CALL_HEADER = 'x-caudal-background';

export function noteUserAction(at = Date.now()): void {
  lastActionAt = at;
  if (at - sharedAt < SHARE_INTERVAL_MS) return;
  sharedAt = at;
  try {
    localStorage.setItem(SHARED_ACTION_KEY, String(at));
  } catch {
    // No storage (disabled, or full): each tab then knows only its own user's actions.
  }
}

/** When the user last typed, pressed or clicked in this tab or another (0: not since the page opened). */
export function lastUserActionAt(): number {
  let shared = 0;
  try {
    shared = Number(localStorage.getItem(SHARED_ACTION_KEY)) || 0;
  } catch {
    // No storage: this tab's own actions only.
  }
  return Math.max(lastActionAt, shared);
}

/**
 * Whether a call now is no sign of the user's presence: they have neither acted nor opened the page
 * within `PRESENCE_WINDOW_MS`. A call the user triggers comes right after their click or keystroke.
 */
export function isBackgroundCall(now = Date.now()): boolean {
  return now - Math.max(loadedAt, lastUserActionAt()) >= PRESENCE_WINDOW_MS;
}

export type KeepAliveStep = 'ping' | 'warn' | 'check' | 'none';

/**
 * What the keep-alive does now. A user who is working (typed, pressed or clicked since the last call)
 * but has not called the server for a while (a long form) keeps the session: one ping well before it
 * would end. A user who is away is warned shortly before the end, once per quiet spell, and may stay.
 * Once the idle time is over, one background call (`check`) lets the server say so, and the portal
 * signs out, even on a screen that polls nothing.
 */
export function decideKeepAlive(state: {
  now: number;
  lastCallAt: number;
  lastActionAt: number;
  idleMs: number;
  isWarned: boolean;
  isChecked: boolean;
}): KeepAliveStep {
  const quiet = state.now - state.lastCallAt;
  const idleMs = serverIdleBoundMs(state.idleMs);
  // The server counts from its "last seen", at or before this tab's last counted call: after the full
  // idle time it has ended the session.
  if (quiet >= state.idleMs && !state.isChecked) return 'check';
  if (quiet >= idleMs) return 'none';
  const hasActed = state.lastActionAt > state.lastCallAt;
  if (hasActed && quiet >= Math.min(idleMs / 2, 5 * 60_000)) return 'ping';
  if (!hasActed && !state.isWarned && quiet >= idleMs - warningLeadMs(state.idleMs)) return 'warn';
  return 'none';
}

/**
 * The server writes a session's "last seen" at most once a minute (authenticate.ts), so it may count
 * idleness from up to a minute before the last call: the portal counts that minute as gone.
 */
const SERVER_TOUCH_INTERVAL_MS = 60_000;

function serverIdleBoundMs(idleMs: number): number {
  return Math.max(idleMs - SERVER_TOUCH_INTERVAL_MS, idleMs / 2);
}

/** How long before the end the warning comes: two minutes, or a quarter of a short idle time. */
export function warningLeadMs(idleMs: number): number {
  return Math.min(2 * 60_000, serverIdleBoundMs(idleMs) / 4);
}
