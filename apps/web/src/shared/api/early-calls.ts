import type { ApiRequest } from './build-request';

/**
 * Calls a signed-in first screen needs, started by the early entry (src/early-start.ts) as soon as the
 * page's HTML is in, while the browser still downloads the app's code: on a slow network the first data
 * then arrives with that code instead of a round trip after it. The app's first identical call (same
 * method, URL, token and body) takes the answer instead of asking again; each is taken once, and only
 * while fresh. Anything else goes to the network as usual.
 */
export const EARLY_CALL_MAX_AGE_MS = 10_000;

interface EarlyCall {
  response: Promise<Response>;
  startedAt: number;
}

const calls = new Map<string, EarlyCall>();

function keyOf({ url, init }: ApiRequest): string {
  return [init.method, url, init.headers.authorization ?? '', init.body ?? ''].join('\n');
}

export function startEarlyCall(
  request: ApiRequest,
  fetchImpl: typeof fetch = fetch,
  now: number = Date.now(),
): void {
  const response = fetchImpl(request.url, request.init);
  // Never taken (the app went elsewhere): a failure must not surface as an unhandled rejection.
  response.catch(() => {});
  calls.set(keyOf(request), { response, startedAt: now });
}

/** The answer of an identical early call, once; undefined when there is none or it is stale. */
export function takeEarlyCall(request: ApiRequest, now: number = Date.now()): Promise<Response> | undefined {
  // Every call asks; after the first screen there is nothing left, so no key is built.
  if (calls.size === 0) return undefined;
  const key = keyOf(request);
  const call = calls.get(key);
  calls.delete(key);
  if (!call || now - call.startedAt > EARLY_CALL_MAX_AGE_MS) return undefined;
  return call.response;
}
