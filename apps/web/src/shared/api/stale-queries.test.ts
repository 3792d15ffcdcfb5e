import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { findShownStaleQueries } from './stale-queries';

function watch(client: QueryClient, key: string, fetcher: () => Promise<string>) {
  const observer = new QueryObserver(client, { queryKey: [key], queryFn: fetcher, retry: false });
  const unsubscribe = observer.subscribe(() => undefined);
  return { observer, unsubscribe };
}

const stale = (client: QueryClient) =>
  findShownStaleQueries(client.getQueryCache()).map((q) => q.queryKey[0]);

describe('findShownStaleQueries', () => {
  it('finds a query on screen whose refresh failed while its older data is kept', async () => {
    const client = new QueryClient();
    let fail = false;
    const { observer } = watch(client, 'list', async () => {
      if (fail) throw new Error('down');
      return 'rows';
    });
    await observer.refetch();
    expect(stale(client)).toEqual([]);

    fail = true;
    await observer.refetch();
    expect(observer.getCurrentResult().data).toBe('rows');
    expect(stale(client)).toEqual(['list']);

    fail = false;
    await observer.refetch();
    expect(stale(client)).toEqual([]);
  });

  it('ignores a first load that failed (no data: the screen shows its error panel) and queries off screen', async () => {
    const client = new QueryClient();
    const { observer } = watch(client, 'first', () => Promise.reject(new Error('down')));
    await observer.refetch();
    expect(stale(client)).toEqual([]);

    let fail = false;
    const off = watch(client, 'off-screen', async () => {
      if (fail) throw new Error('down');
      return 'rows';
    });
    await off.observer.refetch();
    fail = true;
    await off.observer.refetch();
    off.unsubscribe();
    expect(stale(client)).toEqual([]);
  });
});
