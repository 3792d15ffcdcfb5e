import type { CallRoute } from '@caudal/contract/routes';

export interface ApiRequest {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
}

/**
 * The request of one contract call: POST (or GET) JSON to `apiBaseUrl + path`, with the bearer token.
 * Built in one place, so a call started before the app's code (early-calls.ts) is the very request the
 * app would have made.
 */
export function buildRequest(
  contract: CallRoute,
  body: unknown,
  token: string | null,
  apiBaseUrl: string,
): ApiRequest {
  const headers: Record<string, string> = { accept: 'application/json, text/plain' };
  if (token) headers.authorization = `Bearer ${token}`;
  const init: ApiRequest['init'] = { method: contract.method, headers, credentials: 'same-origin' };
  if (contract.method === 'POST') {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }
  return { url: `${apiBaseUrl}${contract.path}`, init };
}
