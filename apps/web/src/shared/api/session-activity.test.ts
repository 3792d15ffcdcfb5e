import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  decideKeepAlive,
  isBackgroundCall,
  lastUserActionAt,
  noteUserAction,
  warningLeadMs,
} from './session-activity';

const MINUTE = 60_000;
const idleMs = 30 * MINUTE;
const at = (minutes: number) => minutes * MINUTE;

describe('decideKeepAlive', () => {
  it('pings for a user typing a long form, once half the idle time (at most 5 min) went by without a call', () => {
    const state = { lastCallAt: 0, lastActionAt: at(4), idleMs, isWarned: false, isChecked: false };
    expect(decideKeepAlive({ ...state, now: at(4.9) })).toBe('none');
    expect(decideKeepAlive({ ...state, now: at(5) })).toBe('ping');
    // Two minutes of idle time, of which the server's once-a-minute "last seen" may take one.
    const short = {
      lastCallAt: 0,
      lastActionAt: at(0.2),
      idleMs: 2 * MINUTE,
      isWarned: false,
      isChecked: false,
    };
    expect(decideKeepAlive({ ...short, now: at(0.4) })).toBe('none');
    expect(decideKeepAlive({ ...short, now: at(0.5) })).toBe('ping');
  });

  it('warns a user who is away shortly before the end (the server may count from a minute before the last call), once', () => {
    const state = { lastCallAt: 0, lastActionAt: 0, idleMs, isWarned: false, isChecked: false };
    expect(decideKeepAlive({ ...state, now: at(26.9) })).toBe('none');
    expect(decideKeepAlive({ ...state, now: at(27) })).toBe('warn');
    expect(decideKeepAlive({ ...state, now: at(28), isWarned: true })).toBe('none');
    expect(decideKeepAlive({ ...state, now: at(29) })).toBe('none');
    expect(warningLeadMs(2 * MINUTE)).toBe(15_000);
  });

  it('asks the server once after the idle time, even for a user who typed: the server decides then', () => {
    const state = { lastCallAt: 0, lastActionAt: at(30.5), idleMs, isWarned: true };
    expect(decideKeepAlive({ ...state, now: at(29.9), isChecked: false })).toBe('none');
    expect(decideKeepAlive({ ...state, now: at(30), isChecked: false })).toBe('check');
    expect(decideKeepAlive({ ...state, now: at(31), isChecked: true })).toBe('none');
  });
});

describe('isBackgroundCall', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('marks a call made a minute or more after the user last acted (a poll in an unattended tab)', () => {
    const now = Date.now() + at(10);
    noteUserAction(now - 59_000);
    expect(isBackgroundCall(now)).toBe(false);
    expect(isBackgroundCall(now + 1_000)).toBe(true);
    expect(isBackgroundCall(now + at(30))).toBe(true);
    // The user clicks: the call it triggers is theirs.
    noteUserAction(now + at(30));
    expect(isBackgroundCall(now + at(30) + 50)).toBe(false);
  });

  it("counts the user's actions in another tab of the same session", () => {
    const values = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    });
    const now = Date.now() + at(60);
    expect(isBackgroundCall(now)).toBe(true);
    // Another tab wrote its last action (the same key, its own module).
    values.set('caudal.lastActionAt', String(now - 5_000));
    expect(lastUserActionAt()).toBe(now - 5_000);
    expect(isBackgroundCall(now)).toBe(false);
  });
});
