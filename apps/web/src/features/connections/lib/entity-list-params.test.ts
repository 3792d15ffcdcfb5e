import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ENTITY_LIST_STATE,
  entityListRequest,
  nextSort,
  parseEntityListParams,
  parseSortChoice,
  toEntityListParams,
} from './entity-list-params';

describe('the connections detail list address', () => {
  it('reads and writes search, sort, order, page and size, leaving defaults out', () => {
    const state = parseEntityListParams(
      new URLSearchParams('q=garcía&sort=consent&order=asc&page=3&size=50'),
    );
    expect(state).toEqual({ search: 'garcía', sort: 'consent', order: 'asc', page: 3, pageSize: 50 });
    expect(toEntityListParams(state).toString()).toBe('q=garc%C3%ADa&sort=consent&order=asc&page=3&size=50');
    expect(toEntityListParams(DEFAULT_ENTITY_LIST_STATE).toString()).toBe('');
  });

  it('falls back to the defaults for anything hand-edited', () => {
    expect(parseEntityListParams(new URLSearchParams('sort=token&order=up&page=-1&size=7'))).toEqual(
      DEFAULT_ENTITY_LIST_STATE,
    );
  });

  it('asks for one page of the institution, with the search only when there is one', () => {
    expect(entityListRequest('bbva', DEFAULT_ENTITY_LIST_STATE)).toEqual({
      bank: 'bbva',
      sort: 'created_at',
      order: 'desc',
      page: 1,
      page_size: 25,
    });
    expect(entityListRequest('bbva', { ...DEFAULT_ENTITY_LIST_STATE, search: 'ana' })?.search).toBe('ana');
  });

  it('flips the sorted column and starts another where a person looks first', () => {
    expect(nextSort(DEFAULT_ENTITY_LIST_STATE, 'created_at')).toEqual({ sort: 'created_at', order: 'asc' });
    expect(nextSort(DEFAULT_ENTITY_LIST_STATE, 'last_update')).toEqual({
      sort: 'last_update',
      order: 'desc',
    });
    expect(nextSort(DEFAULT_ENTITY_LIST_STATE, 'consent')).toEqual({ sort: 'consent', order: 'asc' });
    expect(parseSortChoice('consent:desc')).toEqual({ sort: 'consent', order: 'desc' });
    expect(parseSortChoice('consent:sideways')).toBeNull();
  });
});
