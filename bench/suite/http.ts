// One timed HTTP call, and the figures the suite prints for a set of them.

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

export async function request(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string; timeoutMs?: number | undefined },
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: init.method,
      ...(init.headers ? { headers: init.headers } : {}),
      ...(init.body !== undefined ? { body: init.body } : {}),
      signal: AbortSignal.timeout(init.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const body = parseJson(text);
    const code = response.ok ? null : (errorCode(body) ?? `http-${response.status}`);
    return { status: response.status, code, body, ms: performance.now() - started };
  } catch (error) {
    const name = (error as Error).name;
    const code = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network';
    return { status: 0, code, body: null, ms: performance.now() - started };
  }
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
