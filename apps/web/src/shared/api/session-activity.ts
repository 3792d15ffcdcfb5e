/**
 * When the server last counted this tab's session as active: it ends a session after
 * `sessionIdleMinutes` without an authenticated call (the answer to any such call, bar the one that
 * ends it, restarts that clock). Kept here, module-wide, by every call (call-api.ts).
 */
let lastCallAt = Date.now();

export function noteSessionCall(at = Date.now()): void {
  lastCallAt = at;
}

export function lastSessionCallAt(): number {
  return lastCallAt;
}

export type KeepAliveStep = 'ping' | 'warn' | 'none';

/**
 * What the keep-alive does now. A user who is working (typed, pressed or clicked since the last call)
 * but has not called the server for a while (a long form) keeps the session: one ping well before it
 * would end. A user who is away is warned shortly before the end, once per quiet spell, and may stay.
 */
export function decideKeepAlive(state: {
  now: number;
  lastCallAt: number;
  lastActionAt: number;
  idleMs: number;
  isWarned: boolean;
}): KeepAliveStep {
  const quiet = state.now - state.lastCallAt;
  const idleMs = serverIdleBoundMs(state.idleMs);
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
