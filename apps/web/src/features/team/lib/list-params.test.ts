import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_STATE, parseListParams, toListParams } from './list-params';

describe('team list params', () => {
  it('round-trips a state through the URL and drops hand-edited values', () => {
    const state = { search: 'ana', sort: 'last_sign_in', order: 'desc', page: 3, pageSize: 50 } as const;
    expect(parseListParams(toListParams(state))).toEqual(state);
    expect(toListParams(DEFAULT_LIST_STATE).toString()).toBe('');
    expect(parseListParams(new URLSearchParams('sort=password&order=up&page=-1&size=7'))).toEqual(
      DEFAULT_LIST_STATE,
    );
  });
});
