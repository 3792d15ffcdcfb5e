// Several API instances on one PostgreSQL behind the load-balancing proxy (./proxy.mjs): what
// `npm run start:cluster` runs, and what the multi-instance test and the bench suite start.
//
//   const cluster = await startCluster({ instances: 2, port: 3000 });
//   cluster.url; cluster.instances[0].kill('SIGKILL'); await cluster.instances[0].restart();
//   await cluster.stop();
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { API_MAIN, buildIfStale } from '../build.mjs';
import { startProxy } from './proxy.mjs';

export const LOCAL_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

/** The database's URL on the server of `serverUrl`; created when it does not exist. */
export async function ensureDatabase(serverUrl, name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid database name: ${name}`);
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database the caller created for a run (tests, benchmarks). */
export async function dropDatabase(databaseUrl) {
  const admin = new URL(databaseUrl);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}

async function waitUntilReady(url, child) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the instance on ${url} exited (${child.exitCode ?? child.signalCode}) before it was ready`,
      );
    }
    try {
      const answer = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(1000) });
      await answer.body?.cancel();
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the instance on ${url} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

function pipeWithPrefix(stream, prefix, out) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`${prefix} ${line}\n`);
  });
}

/** One API process; `restart()` starts it again on the same port after a kill. */
function createInstance({ index, port, env, output }) {
  const url = `http://127.0.0.1:${port}`;
  const instance = {
    name: `api-${index + 1}`,
    url,
    port,
    pid: 0,
    child: null,
    async start() {
      const child = spawn(process.execPath, [API_MAIN], {
        env: { ...process.env, NODE_ENV: 'production', ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', output === 'ignore' ? 'ignore' : 'pipe', output === 'ignore' ? 'ignore' : 'pipe'],
      });
      if (output === 'prefix') {
        pipeWithPrefix(child.stdout, `[${instance.name}]`, process.stdout);
        pipeWithPrefix(child.stderr, `[${instance.name}]`, process.stderr);
      }
      instance.child = child;
      instance.pid = child.pid ?? 0;
      await waitUntilReady(url, child);
      return instance;
    },
    /** Sends `signal` (default SIGKILL: a crash) and waits until the process is gone. */
    async kill(signal = 'SIGKILL') {
      const child = instance.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
    /** A graceful stop (SIGTERM), then SIGKILL if it has not exited within 20 s. */
    async stop() {
      const child = instance.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
    async restart() {
      await instance.stop();
      return instance.start();
    },
  };
  return instance;
}

/**
 * Starts `instances` API processes (ports port+1…port+N on 127.0.0.1) on one PostgreSQL database and the
 * proxy on `port`. The first instance starts alone (it migrates and seeds), the others then together.
 *
 * @param {import('./cluster.d.mts').ClusterOptions} options
 * @returns {Promise<import('./cluster.d.mts').Cluster>}
 */
export async function startCluster(options = {}) {
  const count = options.instances ?? 2;
  if (!Number.isInteger(count) || count < 1) throw new Error('instances must be a whole number ≥ 1');
  const port = options.port ?? 3000;
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const databaseUrl =
    options.databaseUrl ?? (await ensureDatabase(LOCAL_SERVER_URL, options.databaseName ?? 'caudal_cluster'));
  await buildIfStale(options.build ?? ['api'], { log });

  const publicUrl = options.env?.PUBLIC_URL ?? `http://localhost:${port}`;
  const env = {
    DATABASE_URL: databaseUrl,
    // Behind the proxy: client addresses (rate limits) come from its X-Forwarded-For.
    TRUST_PROXY: 'true',
    PUBLIC_URL: publicUrl,
    ...options.env,
  };
  const instances = Array.from({ length: count }, (_, index) =>
    createInstance({
      index,
      port: options.instancePorts?.[index] ?? port + 1 + index,
      env,
      output: options.output ?? 'ignore',
    }),
  );
  const [first, ...rest] = instances;
  try {
    await first.start();
    await Promise.all(rest.map((instance) => instance.start()));
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.kill()));
    throw error;
  }
  const proxy = await startProxy({
    upstreams: instances,
    port,
    host,
    intervalMs: options.healthIntervalMs,
    log,
  });

  let stopping = null;
  return {
    url: proxy.url,
    databaseUrl,
    instances,
    health: proxy.states,
    checkNow: proxy.checkNow,
    stop() {
      stopping ??= (async () => {
        await proxy.stop();
        await Promise.all(instances.map((instance) => instance.stop()));
      })();
      return stopping;
    },
  };
}
