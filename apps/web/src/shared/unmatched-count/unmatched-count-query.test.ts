import type { Identity } from '@caudal/contract/routes';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchUnmatchedCount, unmatchedCountKey } from './unmatched-count-query';

const callApi = vi.hoisted(() => vi.fn(async () => ({ pending: 23, hidden: 2 })));
vi.mock('../api/call-api', () => ({ callApi }));

const identity = (kind: 'staff' | 'portal'): Identity =>
  ({
    user: {
      id: 'u1',
      username: kind,
      name: kind,
      email: null,
      kind,
      role: kind === 'staff' ? 'admin' : null,
    },
    company: { id: 'c1', name: 'Demo Wealth' },
    modules: ['wealth'],
    permissions: ['wealth'],
  }) as Identity;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prefetchUnmatchedCount (the main layout loader)', () => {
  afterEach(() => callApi.mockClear());

  it("starts the badge's count as soon as the identity allows it", async () => {
    const queryClient = new QueryClient();
    prefetchUnmatchedCount(queryClient, Promise.resolve(identity('staff')));
    await settle();
    expect(callApi).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(unmatchedCountKey)).toEqual({ pending: 23, hidden: 2 });
  });

  it('never for a portal user (the call is staff-only: its 403 would end the session)', async () => {
    prefetchUnmatchedCount(new QueryClient(), Promise.resolve(identity('portal')));
    await settle();
    expect(callApi).not.toHaveBeenCalled();
  });

  it('leaves a failed identity to the layout, without an unhandled rejection', async () => {
    prefetchUnmatchedCount(new QueryClient(), Promise.reject(new Error('offline')));
    await settle();
    expect(callApi).not.toHaveBeenCalled();
  });
});
