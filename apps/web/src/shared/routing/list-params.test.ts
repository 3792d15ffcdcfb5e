import { describe, expect, it } from 'vitest';
import {
  nextListSort,
  parseListSort,
  parsePagedList,
  positiveInt,
  toListSortParams,
  toPagedListParams,
} from './list-params';

const defaults = { search: '', page: 1, pageSize: 25 };

describe('list-params: the paging every list address shares', () => {
  it('takes whole numbers from 1 only', () => {
    expect(positiveInt('3')).toBe(3);
    for (const bad of [null, '', '0', '-1', '1.5', '1e3', 'x', '1234567'])
      expect(positiveInt(bad)).toBeNull();
  });

  it('falls back to the defaults for a stale size or a hand-edited page', () => {
    expect(parsePagedList(new URLSearchParams('q=%20ana%20&page=x&size=33'), defaults)).toEqual({
      search: 'ana',
      page: 1,
      pageSize: 25,
    });
    expect(parsePagedList(new URLSearchParams('size=200&page=4'), defaults, [50, 200])).toEqual({
      search: '',
      page: 4,
      pageSize: 200,
    });
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(toPagedListParams(defaults, defaults, { status: null, bank: '' }).toString()).toBe('');
    const state = { search: 'a&b', page: 2, pageSize: 50 };
    const params = toPagedListParams(state, defaults, { status: 'paused' });
    expect(params.toString()).toBe('q=a%26b&status=paused&page=2&size=50');
    expect(parsePagedList(params, defaults)).toEqual(state);
  });
});

describe('list-params: the sort every sorted list address shares', () => {
  const sorts = ['name', 'created_at'] as const;
  const sortDefaults = { sort: 'name', order: 'asc' } as const;

  it('reads a known column and order, and falls back to the defaults for anything else', () => {
    expect(parseListSort(new URLSearchParams('sort=created_at&order=desc'), sorts, sortDefaults)).toEqual({
      sort: 'created_at',
      order: 'desc',
    });
    expect(parseListSort(new URLSearchParams('sort=secret&order=up'), sorts, sortDefaults)).toEqual(
      sortDefaults,
    );
  });

  it('writes only what differs from the defaults', () => {
    expect(toListSortParams(sortDefaults, sortDefaults)).toEqual({ sort: null, order: null });
    expect(toListSortParams({ sort: 'created_at', order: 'asc' }, sortDefaults)).toEqual({
      sort: 'created_at',
      order: null,
    });
  });

  it('flips the sorted column and starts another at its first order', () => {
    expect(nextListSort(sortDefaults, 'name')).toEqual({ sort: 'name', order: 'desc' });
    expect(nextListSort(sortDefaults, 'created_at')).toEqual({ sort: 'created_at', order: 'asc' });
    expect(nextListSort(sortDefaults, 'created_at', 'desc')).toEqual({ sort: 'created_at', order: 'desc' });
  });
});
