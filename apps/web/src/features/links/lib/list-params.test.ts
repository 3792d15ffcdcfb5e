import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_STATE, parseListParams, toListParams } from './list-params';

describe('Link list params', () => {
  it('round-trips the state through the URL and keeps defaults out of it', () => {
    const state = { search: 'web', status: 'paused' as const, page: 3, pageSize: 50 };
    expect(parseListParams(toListParams(state))).toEqual(state);
    expect(toListParams(DEFAULT_LIST_STATE).toString()).toBe('');
  });

  it('falls back to defaults for hand-edited values', () => {
    const params = new URLSearchParams('status=deleted&page=-2&size=7');
    expect(parseListParams(params)).toEqual(DEFAULT_LIST_STATE);
  });
});
