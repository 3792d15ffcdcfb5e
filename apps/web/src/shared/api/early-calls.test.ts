import { platform, wealth } from '@caudal/contract/routes';
import { describe, expect, it, vi } from 'vitest';
import { buildRequest } from './build-request';
import { EARLY_CALL_MAX_AGE_MS, startEarlyCall, takeEarlyCall } from './early-calls';

const API = 'https://api.example';
const list = { sort: 'name' as const, order: 'asc' as const, page: 1, page_size: 25 };

function answering() {
  return vi.fn<typeof fetch>(async () => new Response('{}', { status: 200 }));
}

describe('early calls', () => {
  it('gives the answer to the first identical call, once', async () => {
    const fetchImpl = answering();
    startEarlyCall(buildRequest(platform.me, {}, 'token-1', API), fetchImpl, 1_000);
    const taken = takeEarlyCall(buildRequest(platform.me, {}, 'token-1', API), 1_500);
    expect(taken).toBeDefined();
    expect((await taken)?.status).toBe(200);
    expect(takeEarlyCall(buildRequest(platform.me, {}, 'token-1', API), 1_600)).toBeUndefined();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('is not taken by a call with another body, token or address', () => {
    startEarlyCall(buildRequest(wealth.clientList, list, 'token-1', API), answering(), 1_000);
    expect(
      takeEarlyCall(buildRequest(wealth.clientList, { ...list, page: 2 }, 'token-1', API), 1_100),
    ).toBeUndefined();
    expect(takeEarlyCall(buildRequest(wealth.clientList, list, 'token-2', API), 1_100)).toBeUndefined();
    expect(
      takeEarlyCall(buildRequest(wealth.clientList, list, 'token-1', 'https://other.example'), 1_100),
    ).toBeUndefined();
    expect(takeEarlyCall(buildRequest(wealth.clientList, list, 'token-1', API), 1_100)).toBeDefined();
  });

  it('is not taken once stale: a later call asks the network again', () => {
    startEarlyCall(buildRequest(platform.listEntities, {}, 'token-1', API), answering(), 1_000);
    const late = 1_000 + EARLY_CALL_MAX_AGE_MS + 1;
    expect(takeEarlyCall(buildRequest(platform.listEntities, {}, 'token-1', API), late)).toBeUndefined();
  });

  it('a failed call nobody takes raises no unhandled rejection; one taken fails for its taker', async () => {
    const failing = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('offline')));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      startEarlyCall(buildRequest(platform.me, {}, 'token-9', API), failing, 1_000);
      startEarlyCall(buildRequest(platform.listEntities, {}, 'token-9', API), failing, 1_000);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(takeEarlyCall(buildRequest(platform.me, {}, 'token-9', API), 1_001)).rejects.toThrow(
        'offline',
      );
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('buildRequest', () => {
  it('POSTs the JSON body with the bearer token to apiBaseUrl + path', () => {
    const { url, init } = buildRequest(wealth.clientList, list, 'token-1', API);
    expect(url).toBe(`${API}/platform/wealth/client-list`);
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'content-type': 'application/json',
    });
    expect(JSON.parse(String(init.body))).toEqual(list);
  });

  it('sends no authorization without a token', () => {
    expect(buildRequest(platform.me, {}, null, '').init.headers.authorization).toBeUndefined();
  });
});
