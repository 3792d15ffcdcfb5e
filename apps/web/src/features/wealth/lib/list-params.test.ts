import { describe, expect, it } from 'vitest';
import {
  clientListRequest,
  DEFAULT_LIST_STATE,
  lastPage,
  nextSort,
  pageRange,
  parseListParams,
  toListParams,
} from './list-params';

const parse = (query: string) => parseListParams(new URLSearchParams(query));

describe('parseListParams', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual({ search: '', sort: 'name', order: 'asc', page: 1, pageSize: 25 });
  });

  it('reads valid values', () => {
    expect(parse('q=+acme+&sort=created_at&order=desc&page=3&size=100')).toEqual({
      search: 'acme',
      sort: 'created_at',
      order: 'desc',
      page: 3,
      pageSize: 100,
    });
  });

  it('falls back to defaults for bad values', () => {
    expect(parse('sort=balance&order=up&page=0&size=30')).toEqual(DEFAULT_LIST_STATE);
    expect(parse('page=-2&size=abc')).toEqual(DEFAULT_LIST_STATE);
    expect(parse('page=2.5')).toEqual(DEFAULT_LIST_STATE);
    expect(parse('page=99999999999')).toEqual(DEFAULT_LIST_STATE);
  });

  it('caps a pasted search to the contract limit', () => {
    expect(parse(`q=${'a'.repeat(500)}`).search).toHaveLength(100);
  });
});

describe('toListParams', () => {
  it('writes only what differs from the defaults', () => {
    expect(toListParams(DEFAULT_LIST_STATE).toString()).toBe('');
    expect(toListParams({ ...DEFAULT_LIST_STATE, search: 'ana', page: 2, sort: 'alias' }).toString()).toBe(
      'q=ana&sort=alias&page=2',
    );
  });

  it('round-trips through parseListParams', () => {
    const state = { search: 'x y', sort: 'created_at', order: 'desc', page: 4, pageSize: 50 } as const;
    expect(parseListParams(toListParams(state))).toEqual(state);
  });
});

describe('nextSort', () => {
  it('flips the order of the current column and starts others ascending', () => {
    expect(nextSort(DEFAULT_LIST_STATE, 'name')).toEqual({ sort: 'name', order: 'desc' });
    expect(nextSort({ ...DEFAULT_LIST_STATE, order: 'desc' }, 'name')).toEqual({
      sort: 'name',
      order: 'asc',
    });
    expect(nextSort({ ...DEFAULT_LIST_STATE, order: 'desc' }, 'alias')).toEqual({
      sort: 'alias',
      order: 'asc',
    });
  });
});

describe('paging helpers', () => {
  it('computes the last page, never below 1', () => {
    expect(lastPage(0, 25)).toBe(1);
    expect(lastPage(25, 25)).toBe(1);
    expect(lastPage(26, 25)).toBe(2);
  });

  it('computes the shown range', () => {
    expect(pageRange(1, 25, 25, 40)).toEqual({ from: 1, to: 25, total: 40 });
    expect(pageRange(2, 25, 15, 40)).toEqual({ from: 26, to: 40, total: 40 });
    expect(pageRange(1, 25, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});

describe('clientListRequest', () => {
  it('is the list call for a state, with the search only when there is one', () => {
    const state = parseListParams(new URLSearchParams('q=ana&sort=alias&order=desc&page=2&size=50'));
    expect(clientListRequest(state)).toEqual({
      search: 'ana',
      sort: 'alias',
      order: 'desc',
      page: 2,
      page_size: 50,
    });
    expect(clientListRequest(parseListParams(new URLSearchParams()))).toEqual({
      sort: 'name',
      order: 'asc',
      page: 1,
      page_size: 25,
    });
  });
});
