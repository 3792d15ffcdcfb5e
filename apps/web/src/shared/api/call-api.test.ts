import { AUTH_STORAGE_KEY, auth, platform, TOTAL_COUNT_HEADER, wealth } from '@caudal/contract/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSessionEnd } from '../auth/session-end';
import { setRuntimeConfig } from '../config/runtime-config';
import { ApiError } from './api-error';
import { buildRequest } from './build-request';
import { callApi, callApiPage } from './call-api';
import { startEarlyCall } from './early-calls';
import { lastSessionCallAt, noteUserAction } from './session-activity';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

const identity = {
  user: { id: 'u1', username: 'demo', name: 'Demo', email: null, kind: 'staff', role: 'admin' },
  company: { id: 'c1', name: 'Demo Wealth' },
  modules: ['wealth'],
  permissions: ['wealth'],
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('callApi', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const sessionEnded = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('fetch', fetchMock);
    setRuntimeConfig({
      apiBaseUrl: 'https://api.example',
      linkBaseUrl: '',
      redirectBaseUrl: '',
      authStrategy: 'local',
      oidc: null,
      providerName: 'Caudal',
      platformName: 'Caudal',
      rootRedirect: null,
      sessionIdleMinutes: 30,
    });
    onSessionEnd(sessionEnded);
    localStorage.setItem(AUTH_STORAGE_KEY, 'token-1');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    sessionEnded.mockReset();
  });

  it('POSTs JSON to apiBaseUrl + path with the bearer token and parses the answer', async () => {
    fetchMock.mockResolvedValue(answer(200, identity));
    await expect(callApi(platform.me, {})).resolves.toEqual(identity);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://api.example/platform/me');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{}');
    expect(((init?.headers ?? {}) as Record<string, string>).authorization).toBe('Bearer token-1');
  });

  it('takes the answer of the identical call the early entry started, instead of asking again', async () => {
    const early = vi.fn<typeof fetch>(async () => answer(200, identity));
    startEarlyCall(buildRequest(platform.me, {}, 'token-1', 'https://api.example'), early);
    await expect(callApi(platform.me, {})).resolves.toEqual(identity);
    expect(early).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken once: the next call asks the network.
    fetchMock.mockResolvedValue(answer(200, identity));
    await callApi(platform.me, {});
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("an early call's refusal ends the session like any other", async () => {
    const early = vi.fn<typeof fetch>(async () =>
      answer(401, { error: { code: 'SessionExpired', message: 'expired' } }),
    );
    startEarlyCall(buildRequest(platform.listEntities, {}, 'token-1', 'https://api.example'), early);
    await expect(callApi(platform.listEntities, {})).rejects.toMatchObject({ status: 401 });
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('on a 401 from a session call: clears the token and ends the session', async () => {
    fetchMock.mockResolvedValue(answer(401, { error: { code: 'SessionExpired', message: 'expired' } }));
    const failure = callApi(platform.me, {});
    await expect(failure).rejects.toMatchObject({ code: 'SessionExpired', status: 401 });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('on a 403: ends the session too', async () => {
    fetchMock.mockResolvedValue(answer(403, { error: { code: 'ModuleDisabled', message: 'no' } }));
    await expect(callApi(platform.listEntities, {})).rejects.toBeInstanceOf(ApiError);
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('a failed login is an answer for the form, not a lost session', async () => {
    fetchMock.mockResolvedValue(answer(401, { error: { code: 'LoginFailed', message: 'bad' } }));
    await expect(callApi(auth.login, { username: 'a', company: 'b', password: 'c' })).rejects.toMatchObject({
      code: 'LoginFailed',
    });
    expect(sessionEnded).not.toHaveBeenCalled();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBe('token-1');
  });

  it('passes other errors on, with their issues', async () => {
    fetchMock.mockResolvedValue(
      answer(400, {
        error: {
          code: 'ValidationError',
          message: 'x',
          issues: [{ path: ['email'], message: 'validation.email' }],
        },
      }),
    );
    const error = await callApi(platform.forgotPassword, {
      email: 'x',
      url: 'https://a.b',
      language: 'es',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ValidationError', status: 400 });
    expect((error as ApiError).issues[0]?.path).toEqual(['email']);
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it("narrows a failure to its call's codes: one the contract does not declare is UnexpectedError", async () => {
    const form = { name: 'Ana', alias: 'ana', entities: [] };
    fetchMock.mockResolvedValueOnce(answer(400, { error: { code: 'DuplicatedAlias', message: 'taken' } }));
    await expect(callApi(wealth.clientCreate, form)).rejects.toMatchObject({
      code: 'DuplicatedAlias',
      status: 400,
    });
    // A proxy's bare 404, or a code the server should never give this call: the screen cannot map it.
    fetchMock.mockResolvedValueOnce(answer(404, { error: { code: 'NotFound', message: 'gone' } }));
    await expect(callApi(wealth.clientCreate, form)).rejects.toMatchObject({
      code: 'UnexpectedError',
      status: 404,
    });
    fetchMock.mockResolvedValueOnce(answer(404, { error: { code: 'NotFound', message: 'gone' } }));
    await expect(callApi(wealth.clientGet, { client_id: 'c1' })).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('turns network failures into ApiError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callApi(platform.me, {})).rejects.toMatchObject({ status: 0 });
  });

  it('does not parse answers again: the server checked them against the same contract', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { unexpected: true }));
    await expect(callApi(platform.me, {})).resolves.toEqual({ unexpected: true });
  });

  it('reads a page: the rows from the body, the total of every match from the header', async () => {
    const client = {
      id: 'c1',
      name: 'Ana',
      alias: 'ana',
      entities: [],
      created_at: '2026-01-01',
      products_count: 0,
    };
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify([client]), { status: 200, headers: { [TOTAL_COUNT_HEADER]: '42' } }),
    );
    await expect(callApiPage(wealth.clientList, { page: 2, page_size: 1 })).resolves.toEqual({
      items: [client],
      total: 42,
    });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"page":2,"page_size":1}');
  });

  it('accepts the readiness answer on 503 when asked', async () => {
    fetchMock.mockResolvedValue(answer(503, { status: 'error', database: 'down', version: '1.0.0' }));
    await expect(callApi(platform.ready, undefined, { acceptStatuses: [503] })).resolves.toMatchObject({
      database: 'down',
    });
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  describe('a call made while the user is away', () => {
    const backgroundHeaderOf = (call: number) =>
      ((fetchMock.mock.calls[call]?.[1]?.headers ?? {}) as Record<string, string>)['x-caudal-background'];

    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      fetchMock.mockImplementation(async () => answer(200, identity));
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is marked as background and does not restart the idle clock the keep-alive warns by', async () => {
      const userCallAt = Date.now() + 60 * 60_000;
      vi.setSystemTime(userCallAt);
      noteUserAction(userCallAt - 1_000);
      await callApi(platform.me, {});
      expect(backgroundHeaderOf(0)).toBeUndefined();
      expect(lastSessionCallAt()).toBe(userCallAt);

      // Nobody touched the tab for five minutes: its poll is no sign of presence.
      vi.setSystemTime(userCallAt + 5 * 60_000);
      await callApi(platform.me, {});
      expect(backgroundHeaderOf(1)).toBe('1');
      expect(lastSessionCallAt()).toBe(userCallAt);

      // The keep-alive's ping is the user's doing (a long form, or "stay signed in").
      await callApi(platform.me, {}, { activity: 'user' });
      expect(backgroundHeaderOf(2)).toBeUndefined();
      expect(lastSessionCallAt()).toBe(userCallAt + 5 * 60_000);

      // The user clicks again: the call it triggers is theirs.
      vi.setSystemTime(userCallAt + 6 * 60_000);
      noteUserAction();
      await callApi(platform.me, {});
      expect(backgroundHeaderOf(3)).toBeUndefined();
    });

    it('still ends the session when the server answers that it expired', async () => {
      vi.setSystemTime(Date.now() + 120 * 60_000);
      fetchMock.mockImplementation(async () =>
        answer(401, { error: { code: 'SessionExpired', message: 'expired after inactivity' } }),
      );
      await expect(callApi(platform.me, {})).rejects.toBeInstanceOf(ApiError);
      expect(backgroundHeaderOf(0)).toBe('1');
      expect(sessionEnded).toHaveBeenCalled();
    });

    it('never marks a public call (there is no session to extend)', async () => {
      vi.setSystemTime(Date.now() + 120 * 60_000);
      await callApi(platform.ready, undefined, { acceptStatuses: [503] });
      expect(backgroundHeaderOf(0)).toBeUndefined();
    });
  });
});
