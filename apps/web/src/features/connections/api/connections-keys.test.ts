import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateProductQueries } from '../../../shared/api/product-queries';
import { invalidateCredentialQueries } from '../../../shared/credentials/credential-query-roots';
import { connectionsKeys } from './connections-keys';

// The summary's figures must follow every change to credentials (refresh, delete, a new connection):
// the mutations invalidate by root, so its key has to sit under the connections root.
describe('connectionsKeys.counts', () => {
  for (const [name, invalidate] of [
    ['invalidateProductQueries', invalidateProductQueries],
    ['invalidateCredentialQueries', invalidateCredentialQueries],
  ] as const) {
    it(`is marked stale by ${name}`, async () => {
      const client = new QueryClient();
      client.setQueryData(connectionsKeys.counts(), { counts: {}, entities: [] });
      await invalidate(client);
      expect(client.getQueryState(connectionsKeys.counts())?.isInvalidated).toBe(true);
    });
  }
});
