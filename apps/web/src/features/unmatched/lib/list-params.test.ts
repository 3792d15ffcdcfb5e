import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_STATE,
  lastPage,
  pageRange,
  parseListParams,
  toListParams,
  toListRequest,
  viewKey,
} from './list-params';

const parse = (query: string) => parseListParams(new URLSearchParams(query));

describe('parseListParams', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual({ search: '', bank: '', page: 1, pageSize: 50 });
  });

  it('reads valid values', () => {
    expect(parse('q=+garcía+&bank=bbva&page=3&size=200')).toEqual({
      search: 'garcía',
      bank: 'bbva',
      page: 3,
      pageSize: 200,
    });
  });

  it('falls back to defaults for bad values', () => {
    expect(parse('page=0&size=30')).toEqual(DEFAULT_LIST_STATE);
    expect(parse('page=-2&size=abc')).toEqual(DEFAULT_LIST_STATE);
    expect(parse('page=1.5&size=25')).toEqual(DEFAULT_LIST_STATE);
  });

  it('caps overlong values', () => {
    expect(parse(`q=${'a'.repeat(500)}`).search.length).toBeLessThan(500);
    expect(parse(`bank=${'b'.repeat(100)}`).bank).toHaveLength(64);
  });
});

describe('toListParams', () => {
  it('writes nothing for the defaults', () => {
    expect(toListParams(DEFAULT_LIST_STATE).toString()).toBe('');
  });

  it('round-trips a state', () => {
    const state = { search: 'ana', bank: 'santander', page: 2, pageSize: 100 };
    expect(parseListParams(toListParams(state))).toEqual(state);
  });
});

describe('toListRequest', () => {
  it('leaves empty filters out', () => {
    expect(toListRequest(DEFAULT_LIST_STATE)).toEqual({ page: 1, page_size: 50 });
    expect(toListRequest({ search: 'x', bank: 'y', page: 2, pageSize: 100 })).toEqual({
      search: 'x',
      bank: 'y',
      page: 2,
      page_size: 100,
    });
  });
});

describe('paging helpers', () => {
  it('computes the last page and the range', () => {
    expect(lastPage(0, 50)).toBe(1);
    expect(lastPage(101, 50)).toBe(3);
    expect(pageRange(2, 50, 10, 60)).toEqual({ from: 51, to: 60, total: 60 });
    expect(pageRange(1, 50, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });

  it('gives each view its own key', () => {
    expect(viewKey(DEFAULT_LIST_STATE)).not.toBe(viewKey({ ...DEFAULT_LIST_STATE, page: 2 }));
    expect(viewKey(DEFAULT_LIST_STATE)).toBe(viewKey({ ...DEFAULT_LIST_STATE }));
  });
});
