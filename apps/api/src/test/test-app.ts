import { Writable } from 'node:stream';
import type { Module } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { DatabaseHandle, Db } from '../db/database';
import { createCompany, createUser } from '../features/seed/factories';

export { createCompany, createUser } from '../features/seed/factories';

import { seedInstitutions } from '../features/seed/seed';
import { createLogger } from '../shared/logger';
import { openTestDatabase } from './test-database';

export const TEST_ENV = {
  PUBLIC_URL: 'http://portal.caudal.test',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  START_JOBS: 'false',
  CHECK_DECLARED_ERRORS: 'true',
};

/**
 * A test that seeds the whole demo book (tens of thousands of movements): ~20–25 s beside the full suite
 * on the machine of 2026-11-26, 57–96 s on the slower one of 2026-11-27 (its first full run went over 90 s).
 */
export const DEMO_BOOK_TEST_TIMEOUT_MS = 240_000;

export function loadTestConfig(overrides: Record<string, string> = {}): Config {
  return { ...loadConfig({ ...TEST_ENV, ...overrides }), dataDir: null };
}

/** A clock tests can move: `clock.advanceMinutes(31)` instead of sleeping. */
export function createTestClock(start = new Date('2030-01-15T10:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  return Object.assign(clock, {
    advanceMinutes(minutes: number) {
      now += minutes * 60_000;
    },
    advanceSeconds(seconds: number) {
      now += seconds * 1000;
    },
  });
}
export type TestClock = ReturnType<typeof createTestClock>;

/** Captures every log line the app writes, to assert what never reaches the logs. */
export function createLogCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { logger: createLogger('trace', stream), text: () => lines.join('') };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: TestClock;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** The app on a freshly migrated database (one per call: call it in a file's beforeAll). */
export async function createTestApp(
  options: { env?: Record<string, string> } & Partial<Omit<BuildAppOptions, 'config' | 'db'>> = {},
): Promise<TestApp> {
  const config = loadTestConfig(options.env);
  const handle = await openTestDatabase(config.databaseTimeouts);
  await seedInstitutions(handle.db);
  const clock = createTestClock();
  const { env: _env, ...buildOptions } = options;
  const app = await buildApp({ webRoot: null, clock, ...buildOptions, config, db: handle.db });
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    clock,
    handle,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** A company with one staff user; returns what a test needs to sign in. */
export async function createTenant(
  db: Db,
  options: { modules?: readonly Module[]; kind?: 'staff' | 'portal' } = {},
) {
  const company = await createCompany(db, { modules: options.modules });
  const { user, password } = await createUser(db, { companyId: company.id, kind: options.kind });
  return {
    company,
    user,
    password,
    credentials: { company: company.name, username: user.username, password },
  };
}

export async function login(
  app: FastifyInstance,
  credentials: { company: string; username: string; password: string },
) {
  const response = await app.inject({ method: 'POST', url: '/auth/v0/login', payload: credentials });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

export function post(app: FastifyInstance, url: string, options: { token?: string; payload?: unknown } = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    payload: (options.payload ?? {}) as Record<string, unknown>,
  });
}
