import { describe, expect, it, vi } from 'vitest';
import { keepsScroll, listPageView, type PagedListState } from './use-list-page';

const state: PagedListState = { search: '', page: 3, pageSize: 25 };

function query(items: number, total: number, isPlaceholderData = false) {
  return {
    data: { items: Array.from({ length: items }, (_, i) => i), total },
    isPlaceholderData,
    isFetching: true,
  };
}

/** The redirect is queued as a microtask (never a state change during render): wait for it. */
const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('listPageView', () => {
  it('sends a page beyond the end to the last page, replacing the history entry', async () => {
    const update = vi.fn();
    listPageView(query(0, 30), state, update);
    await flush();
    expect(update).toHaveBeenCalledWith({ page: 2 }, { replace: true });
  });

  it('waits for the real page: placeholder rows are the previous page', async () => {
    const update = vi.fn();
    const view = listPageView(query(0, 30, true), state, update);
    await flush();
    expect(update).not.toHaveBeenCalled();
    expect(view.refreshing).toBe(true);
  });

  it('sends an emptied list (its last rows assigned or deleted) from a later page back to page 1', async () => {
    const update = vi.fn();
    const view = listPageView(query(0, 0), state, update);
    await flush();
    expect(update).toHaveBeenCalledWith({ page: 1 }, { replace: true });
    expect(view.pager).toBeNull();
  });

  it('leaves an empty list on page 1 and shows no pager', async () => {
    const update = vi.fn();
    const view = listPageView(query(0, 0), { ...state, page: 1 }, update);
    await flush();
    expect(update).not.toHaveBeenCalled();
    expect(view.pager).toBeNull();
  });

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
