import { describe, expect, it, vi } from 'vitest';
import { keepsScroll, listPageView, type PagedListState, pageToRedirectTo } from './use-list-page';

const state: PagedListState = { search: '', page: 3, pageSize: 25 };

function query(items: number, total: number, isPlaceholderData = false) {
  return {
    data: { items: Array.from({ length: items }, (_, i) => i), total },
    isPlaceholderData,
    isFetching: true,
  };
}

describe('pageToRedirectTo', () => {
  it('sends a page beyond the end to the last page', () => {
    expect(pageToRedirectTo(query(0, 30), state)).toBe(2);
  });

  it('waits for the real page: placeholder rows are the previous page', () => {
    expect(pageToRedirectTo(query(0, 30, true), state)).toBeNull();
    expect(listPageView(query(0, 30, true), state, vi.fn()).refreshing).toBe(true);
  });

  it('sends an emptied list (its last rows assigned or deleted) from a later page back to page 1', () => {
    expect(pageToRedirectTo(query(0, 0), state)).toBe(1);
    expect(listPageView(query(0, 0), state, vi.fn()).pager).toBeNull();
  });

  it('leaves an empty list on page 1, and a page with rows, where they are', () => {
    expect(pageToRedirectTo(query(0, 0), { ...state, page: 1 }), 'empty page 1').toBeNull();
    expect(pageToRedirectTo(query(5, 55), state), 'rows').toBeNull();
    expect(listPageView(query(0, 0), { ...state, page: 1 }, vi.fn()).pager).toBeNull();
  });
});

describe('listPageView', () => {
  it('pages forward in a new history entry; a new page size starts again at page 1', () => {
    const update = vi.fn();
    const view = listPageView(query(25, 80), state, update);
    expect(view.pager).toMatchObject({ page: 3, pageSize: 25, rows: 25, total: 80 });
    view.pager?.onPage(4);
    view.pager?.onPageSize(50);
    expect(update.mock.calls).toEqual([[{ page: 4 }], [{ pageSize: 50, page: 1 }]]);
  });
});

describe('keepsScroll', () => {
  it('keeps the window where it is for search, sort and page size, which come with page 1', () => {
    expect(keepsScroll({ search: 'ana', page: 1 })).toBe(true);
    expect(keepsScroll({ sort: 'name', order: 'desc', page: 1 })).toBe(true);
    expect(keepsScroll({ pageSize: 50, page: 1 })).toBe(true);
  });

  it('starts another page of rows at the top', () => {
    expect(keepsScroll({ page: 3 })).toBe(false);
  });
});
