import { describe, expect, it } from 'vitest';
import { decideKeepAlive, warningLeadMs } from './session-activity';

const MINUTE = 60_000;
const idleMs = 30 * MINUTE;
const at = (minutes: number) => minutes * MINUTE;

describe('decideKeepAlive', () => {
  it('pings for a user typing a long form, once half the idle time (at most 5 min) went by without a call', () => {
    const state = { lastCallAt: 0, lastActionAt: at(4), idleMs, isWarned: false };
    expect(decideKeepAlive({ ...state, now: at(4.9) })).toBe('none');
    expect(decideKeepAlive({ ...state, now: at(5) })).toBe('ping');
    // Two minutes of idle time, of which the server's once-a-minute "last seen" may take one.
    const short = { lastCallAt: 0, lastActionAt: at(0.2), idleMs: 2 * MINUTE, isWarned: false };
    expect(decideKeepAlive({ ...short, now: at(0.4) })).toBe('none');
    expect(decideKeepAlive({ ...short, now: at(0.5) })).toBe('ping');
  });

  it('warns a user who is away shortly before the end (the server may count from a minute before the last call), once', () => {
    const state = { lastCallAt: 0, lastActionAt: 0, idleMs, isWarned: false };
    expect(decideKeepAlive({ ...state, now: at(26.9) })).toBe('none');
    expect(decideKeepAlive({ ...state, now: at(27) })).toBe('warn');
    expect(decideKeepAlive({ ...state, now: at(28), isWarned: true })).toBe('none');
    expect(decideKeepAlive({ ...state, now: at(29) })).toBe('none');
    expect(warningLeadMs(2 * MINUTE)).toBe(15_000);
  });

  it('does nothing after the session ended, even for a user who typed: the server decides then', () => {
    expect(
      decideKeepAlive({ now: at(31), lastCallAt: 0, lastActionAt: at(30.5), idleMs, isWarned: false }),
    ).toBe('none');
  });
});
