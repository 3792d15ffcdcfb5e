// One timed HTTP call, and the figures the suite prints for a set of them.
import http from 'node:http';

export interface Answer {
  /** 0: no HTTP answer (connection refused or reset, or the per-request timeout fired). */
  status: number;
  /** The error code of a non-2xx JSON answer, `network` or `timeout` when there was no answer. */
  code: string | null;
  body: unknown;
  ms: number;
}

export const REQUEST_TIMEOUT_MS = 15_000;

/** POSTs `body` (JSON, or raw text when `raw`), never throws: a failure is an Answer with status 0. */
export async function post(
  url: string,
  body: unknown,
  options: { token?: string; raw?: boolean; contentType?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return request(url, {
    method: 'POST',
    headers,
    body: options.raw ? String(body) : JSON.stringify(body ?? {}),
    timeoutMs: options.timeoutMs,
  });
}

export async function get(url: string, timeoutMs?: number): Promise<Answer> {
  return request(url, { method: 'GET', timeoutMs });
}

/**
 * Keep-alive, as fetch pools connections: the load phases measure the API, not TCP handshakes. An answer
 * with `connection: close` (a refused oversized body, say) simply takes its socket out of the pool.
 */
const agent = new http.Agent({ keepAlive: true });

/**
 * One call over node:http rather than fetch, because a server may answer before it has read the whole
 * body: Fastify answers 413 from the Content-Length header of a body over its limit and closes the
 * connection (RFC 9110 allows it; reading megabytes it will refuse would only help an attacker). fetch
 * then reports only the broken upload (EPIPE, ECONNRESET) and drops the answer; node:http emits the
 * answer as soon as it arrives, so a write error after it is the upload being cut short, not a failure.
 * Only a call with no answer at all is status 0: `network` if the connection failed, `timeout` if
 * nothing came back within the timeout.
 */
export function request(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string; timeoutMs?: number | undefined },
): Promise<Answer> {
  const started = performance.now();
  const payload = init.body === undefined ? undefined : Buffer.from(init.body);
  return new Promise<Answer>((resolve) => {
    let status = 0;
    const chunks: Buffer[] = [];
    let isSettled = false;
    const settle = (failure: 'network' | 'timeout' | null) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      if (status === 0) {
        resolve({ status: 0, code: failure ?? 'network', body: null, ms: performance.now() - started });
        return;
      }
      // An answer whose body was cut off still counts: its status is what the server decided.
      const body = parseJson(Buffer.concat(chunks).toString('utf8'));
      const isOk = status >= 200 && status < 300;
      const code = isOk ? null : (errorCode(body) ?? `http-${status}`);
      resolve({ status, code, body, ms: performance.now() - started });
    };
    const call = http.request(url, {
      method: init.method,
      agent,
      headers: {
        ...init.headers,
        ...(payload ? { 'content-length': String(payload.length) } : {}),
      },
    });
    const timer = setTimeout(() => {
      // No answer in time: a hang, even if the status line came and the body never finished.
      status = 0;
      settle('timeout');
      call.destroy();
    }, init.timeoutMs ?? REQUEST_TIMEOUT_MS);
    call.on('response', (response) => {
      status = response.statusCode ?? 0;
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => settle(null));
      // The connection closed before the body ended (the server cut it, or died): keep what came.
      response.on('error', () => settle(null));
      response.on('close', () => settle(null));
    });
    // Before an answer: the call failed. After one: the server closed while the body was still going up.
    call.on('error', () => settle(status === 0 ? 'network' : null));
    call.end(payload);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `{ error: { code } }` from portal and data-API calls; `{ error: "invalid_client" }` from OAuth (RFC 6749). */
function errorCode(body: unknown): string | null {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string') return error;
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : null;
}

/** Whether a client may simply try again: the API's retriable 503, or no answer from a dead instance. */
export function isRetriable(answer: Answer): boolean {
  return (answer.status === 503 && answer.code === 'ServiceUnavailable') || answer.code === 'network';
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
