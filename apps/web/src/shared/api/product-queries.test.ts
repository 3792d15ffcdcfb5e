import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateProductQueries } from './product-queries';

function seeded() {
  const client = new QueryClient();
  const keys = [
    ['wealth', 'client-list', { page: 1 }],
    ['wealth', 'client', 'c1', 'detail'],
    ['wealth', 'client', 'c2', 'products', 'accounts'],
    ['unmatched', 'count'],
    ['unmatched', 'list', 'pending', { page: 1 }],
    ['connections', 'products', 'tok'],
    ['platform', 'me'],
  ];
  for (const key of keys) client.setQueryData(key, 'data');
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.isStaleByTime(Number.POSITIVE_INFINITY) && query.state.isInvalidated)
      .map((query) =>
        query.queryKey
          .filter((part) => typeof part === 'string')
          .slice(0, 3)
          .join('/'),
      );
  return { client, stale };
}

describe('invalidateProductQueries', () => {
  it('marks every wealth, pending and connections query stale (the nav badge count included), nothing else', async () => {
    const { client, stale } = seeded();
    await invalidateProductQueries(client);
    expect(stale().sort()).toEqual(
      [
        'connections/products/tok',
        'unmatched/count',
        'unmatched/list/pending',
        'wealth/client-list',
        'wealth/client/c1',
        'wealth/client/c2',
      ].sort(),
    );
  });

  it('spares the queries under the excepted prefix (a deleted client)', async () => {
    const { client, stale } = seeded();
    await invalidateProductQueries(client, { except: ['wealth', 'client', 'c1'] });
    expect(stale()).not.toContain('wealth/client/c1');
    expect(stale()).toContain('wealth/client/c2');
    expect(stale()).toContain('unmatched/count');
  });
});
