// Claim: the API rides out PostgreSQL failing under load. The real server (apps/api/src/main.ts, jobs
// on) runs as a child process on 127.0.0.1 against a fresh PostgreSQL database, with 10 callers on
// /platform/me and the client list and a /health probe every 50 ms. Mid-load, every backend of the
// API's database is terminated (a restart or failover), then `sessions` is held by LOCK TABLE for 10 s.
// The process must stay up, liveness answer within 100 ms throughout, and calls recover by themselves.
// Loopback only, bounded (about 25 s of load), the child is stopped at the end.
//
//   npm run bench:faults -w @caudal/bench        # DATABASE_URL's server, default postgres@127.0.0.1
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { wealth } from '@caudal/contract';
import pg from 'pg';
import { DEMO_PASSWORD } from '../apps/api/src/features/seed/seed';
import { signIn } from './lib/api';
import { writeResult } from './lib/results';

const PORT = Number(process.env.PORT ?? 3401);
const base = `http://127.0.0.1:${PORT}`;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.FAULTS_DATABASE ?? 'caudal_bench_faults';
const CALLERS = 10;
const MAIN = fileURLToPath(new URL('../apps/api/src/main.ts', import.meta.url));
/** Seconds from the start of the load. */
const TERMINATE_AT = 4;
const LOCK_AT = 8;
const LOCK_SECONDS = 10;
const END_AT = 24;
const PHASES = [
  { name: 'baseline', from: 0, to: TERMINATE_AT },
  { name: 'backends terminated', from: TERMINATE_AT, to: LOCK_AT },
  { name: 'sessions locked', from: LOCK_AT, to: LOCK_AT + LOCK_SECONDS },
  { name: 'after the lock', from: LOCK_AT + LOCK_SECONDS, to: END_AT },
];

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>, name = 'postgres'): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function waitUntilReady(child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become ready');
}

interface Sample {
  at: number;
  ms: number;
  status: number;
  code: string | null;
}

async function timed(url: string, init: RequestInit, started: number): Promise<Sample> {
  const begin = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    const code = response.ok ? null : (safeJson(text)?.error?.code ?? null);
    return { at: (begin - started) / 1000, ms: performance.now() - begin, status: response.status, code };
  } catch {
    return { at: (begin - started) / 1000, ms: performance.now() - begin, status: 0, code: 'network' };
  }
}

function safeJson(text: string): { error?: { code?: string } } | null {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

await admin(async (client) => {
  await client.query(`drop database if exists ${DATABASE} with (force)`);
  await client.query(`create database ${DATABASE}`);
});
const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl(DATABASE),
    PUBLIC_URL: base,
    LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let stderr = '';
child.stderr?.on('data', (chunk) => {
  stderr += String(chunk);
});

try {
  await waitUntilReady(child);
  const token = await signIn(base, { company: 'Demo Wealth', username: 'demo', password: DEMO_PASSWORD });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const calls: Sample[] = [];
  const probes: Sample[] = [];

  const callers = Array.from({ length: CALLERS }, async (_, index) => {
    const path = index % 2 === 0 ? '/platform/me' : wealth.clientList.path;
    while (elapsed() < END_AT) {
      const sample = await timed(`${base}${path}`, { method: 'POST', headers, body: '{}' }, started);
      calls.push(sample);
      // A refused call is retried after a short pause, as the portal's retry does.
      if (sample.status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  const prober = (async () => {
    while (elapsed() < END_AT) {
      probes.push(await timed(`${base}/health`, {}, started));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  const faults = (async () => {
    await new Promise((resolve) => setTimeout(resolve, TERMINATE_AT * 1000));
    const terminated = await admin(async (client) => {
      const result = await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [DATABASE],
      );
      return result.rowCount ?? 0;
    });
    console.log(`t=${elapsed().toFixed(1)} s: terminated ${terminated} backends of ${DATABASE}`);
    await new Promise((resolve) => setTimeout(resolve, (LOCK_AT - elapsed()) * 1000));
    await admin(async (client) => {
      await client.query('begin');
      await client.query('lock table sessions in access exclusive mode');
      console.log(`t=${elapsed().toFixed(1)} s: sessions locked for ${LOCK_SECONDS} s`);
      await new Promise((resolve) => setTimeout(resolve, LOCK_SECONDS * 1000));
      await client.query('rollback');
      console.log(`t=${elapsed().toFixed(1)} s: lock released`);
    }, DATABASE);
  })();

  await Promise.all([...callers, prober, faults]);

  console.log(`\n${CALLERS} callers (/platform/me and the client list), /health every 50 ms, PostgreSQL`);
  console.log('phase                 calls ok  503 Svc  other  p99 ms | probes  max ms  >100ms  failed');
  const rows: Record<string, number | string>[] = [];
  for (const phase of PHASES) {
    const inPhase = (sample: Sample) => sample.at >= phase.from && sample.at < phase.to;
    const phaseCalls = calls.filter(inPhase);
    const phaseProbes = probes.filter(inPhase);
    const ok = phaseCalls.filter((sample) => sample.status === 200).length;
    const unavailable = phaseCalls.filter((sample) => sample.code === 'ServiceUnavailable').length;
    const probeMs = phaseProbes.map((sample) => sample.ms);
    rows.push({
      phase: phase.name,
      ok,
      unavailable,
      other: phaseCalls.length - ok - unavailable,
      p99: percentile(
        phaseCalls.map((sample) => sample.ms),
        99,
      ),
      probes: phaseProbes.length,
      probeMaxMs: Math.max(0, ...probeMs),
      probesOver100: probeMs.filter((ms) => ms > 100).length,
      probesFailed: phaseProbes.filter((sample) => sample.status !== 200).length,
    });
    console.log(
      [
        phase.name.padEnd(20),
        String(ok).padStart(9),
        String(unavailable).padStart(8),
        String(phaseCalls.length - ok - unavailable).padStart(6),
        percentile(
          phaseCalls.map((sample) => sample.ms),
          99,
        )
          .toFixed(0)
          .padStart(7),
        '|',
        String(phaseProbes.length).padStart(6),
        Math.max(0, ...probeMs)
          .toFixed(1)
          .padStart(7),
        String(probeMs.filter((ms) => ms > 100).length).padStart(7),
        String(phaseProbes.filter((sample) => sample.status !== 200).length).padStart(7),
      ].join(' '),
    );
  }
  const lockEnd = LOCK_AT + LOCK_SECONDS;
  const firstOkAfterLock = calls
    .filter((sample) => sample.status === 200 && sample.at >= lockEnd)
    .reduce((first, sample) => Math.min(first, sample.at), Number.POSITIVE_INFINITY);
  const lastSecond = calls.filter((sample) => sample.at >= END_AT - 2);
  console.log(
    `\nprocess alive at the end: ${child.exitCode === null ? 'yes' : `no (exit ${child.exitCode})`}; ` +
      `first success after the lock: ${(firstOkAfterLock - lockEnd).toFixed(2)} s; ` +
      `last 2 s: ${lastSecond.filter((sample) => sample.status === 200).length}/${lastSecond.length} calls ok; ` +
      `/ready now ${(await fetch(`${base}/ready`)).status}`,
  );
  writeResult('faults', {
    rows,
    alive: child.exitCode === null,
    firstOkAfterLockSeconds: firstOkAfterLock - lockEnd,
    lastTwoSeconds: {
      ok: lastSecond.filter((sample) => sample.status === 200).length,
      all: lastSecond.length,
    },
  });
  const crash = /Unhandled|uncaught/i.exec(stderr);
  if (crash) console.log(`server stderr mentions: ${crash[0]}`);
} finally {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await admin((client) => client.query(`drop database if exists ${DATABASE} with (force)`));
}
