import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_STATE, parseListParams, toListParams } from './list-params';

describe('portal users list params', () => {
  it('round-trips a state through the URL, writing only what differs from the defaults', () => {
    const state = { search: 'ana', page: 3, pageSize: 50 };
    expect(toListParams(state).toString()).toBe('q=ana&page=3&size=50');
    expect(parseListParams(toListParams(state))).toEqual(state);
    expect(toListParams(DEFAULT_LIST_STATE).toString()).toBe('');
  });

  it('falls back to the defaults for hand-edited values', () => {
    const parsed = parseListParams(new URLSearchParams('page=-2&size=33&q=%20%20'));
    expect(parsed).toEqual(DEFAULT_LIST_STATE);
    expect(parseListParams(new URLSearchParams('page=abc')).page).toBe(1);
    expect(parseListParams(new URLSearchParams(`q=${'x'.repeat(300)}`)).search).toHaveLength(100);
  });
});
