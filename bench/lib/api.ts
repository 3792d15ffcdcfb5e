// The API built in-process on 127.0.0.1, a sign-in, and autocannon against one call.
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import type { Db } from '../../apps/api/src/db/database';
import { createLogger, createProcessLogDestination } from '../../apps/api/src/shared/logger';
import type { CpuSpent } from './cpu-account';
import { runMeasurementProcess } from './measurement-process';

export const CONNECTIONS = 10;
export const WARM_UP_SECONDS = 1;
export const DURATION_SECONDS = 5;

export interface RunningApi {
  app: FastifyInstance;
  base: string;
  close(): Promise<void>;
}

export async function startApi(
  db: Db,
  options: {
    registerExtra?: (instance: FastifyInstance) => void;
    /** A level other than silent writes the API's log lines to /dev/null: their cost, not their noise. */
    logLevel?: string;
  } = {},
): Promise<RunningApi> {
  const logLevel = options.logLevel ?? 'silent';
  const config = {
    ...loadConfig({ LOG_LEVEL: logLevel, SEED_DEMO: 'false', START_JOBS: 'false' }),
    webRoot: '',
  };
  const app = await buildApp({
    config,
    db,
    logger:
      logLevel === 'silent'
        ? createLogger('silent')
        : createLogger(logLevel, createProcessLogDestination('/dev/null')),
    webRoot: null,
    ...(options.registerExtra ? { registerExtra: options.registerExtra } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, base, close: () => app.close() };
}

export async function signIn(
  base: string,
  credentials: { company: string; username: string; password: string },
): Promise<string> {
  const response = await fetch(`${base}/auth/v0/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return token;
}

/** One POST with the token, for setting up a scenario (finding ids, following cursors). */
export async function call<T>(base: string, token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Whether the call is served: any answer but 404 (an unknown route). */
export async function isServed(base: string, token: string, path: string): Promise<boolean> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  await response.arrayBuffer();
  return response.status !== 404;
}

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** The measuring process's own CPU over warm-up and run, and the requests of both (cpu-account.ts). */
  cpu?: CpuSpent;
}

function cannonOptions(base: string, token: string, path: string, body: unknown) {
  return {
    url: `${base}${path}`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body ?? {}),
    connections: CONNECTIONS,
  };
}

/** An unrecorded run, so the call's code is compiled hot before anything is measured. */
export async function warmUp(base: string, token: string, path: string, body: unknown): Promise<void> {
  await autocannon({ ...cannonOptions(base, token, path, body), duration: WARM_UP_SECONDS });
}

/** autocannon: a warm-up, then the measured run; fails on any non-2xx answer or error. */
export async function measureCall(
  base: string,
  token: string,
  path: string,
  body: unknown,
): Promise<Measurement> {
  const options = cannonOptions(base, token, path, body);
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}

/**
 * As `measureCall`, with autocannon in a child process (lib/cannon-process.ts), so the load generator
 * does not share the measured server's event loop: what a comparison with a separate floor needs.
 */
export function measureCallFromOwnProcess(
  base: string,
  token: string,
  path: string,
  body: unknown,
): Promise<Measurement> {
  const options = cannonOptions(base, token, path, body);
  return runMeasurementProcess<Measurement>(
    'cannon-process.ts',
    {
      url: options.url,
      headers: options.headers,
      body: options.body,
      connections: CONNECTIONS,
      warmUpSeconds: WARM_UP_SECONDS,
      seconds: DURATION_SECONDS,
    },
    path,
  );
}
