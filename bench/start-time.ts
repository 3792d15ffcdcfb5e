// Claim: a second `npm start` (already built, database migrated and seeded) is ready in under 5 s, on
// the embedded PGlite and on PostgreSQL (issue 15, decision 0018). For each database: build what is
// stale, run a first start (it migrates and seeds) and stop it, then time RUNS second starts from the
// spawn of `npm start` to the first 200 of /ready. Loopback only; every server is stopped at the end.
// Writes bench/results/start-time.json for bench/report.ts.
//
//   npm run bench:start-time -w @caudal/bench [-- --runs 3] [-- --web-root DIR]
//   --web-root: serve a portal build of your own (WEB_ROOT), so apps/web/dist is neither checked nor built.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { writeResult } from './lib/results';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, 'web-root': { type: 'string' } },
});
const RUNS = Number(values.runs);
const PORT = Number(process.env.PORT ?? 3402);
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'caudal_bench_start_time';
const DATA_DIR = fileURLToPath(new URL('./.data/start-time', import.meta.url));
const TARGET_MS = 5000;

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `npm start` in a process group of its own, so the stop reaches npm's child too. */
function startServer(env: Record<string, string>): ChildProcess {
  return spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      ...(values['web-root'] ? { WEB_ROOT: values['web-root'] } : {}),
      ...env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  });
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) spent so far by every process of the group (npm, its shell, the server):
 * on a shared, loaded machine the wall time mostly measures the queue for a core, this does not.
 * Linux only (/proc); NaN elsewhere.
 */
function groupCpuSeconds(groupId: number): number {
  try {
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue;
      }
      // Fields after the command name (which may hold spaces): state ppid pgrp … utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== groupId) continue;
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    }
    return ticks / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

async function msUntilReady(child: ChildProcess, startedAt: number): Promise<number> {
  const deadline = startedAt + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const answer = await fetch(`http://127.0.0.1:${PORT}/ready`, { signal: AbortSignal.timeout(1000) });
      await answer.body?.cancel();
      if (answer.ok) return Date.now() - startedAt;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('not ready within 300 s');
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || !child.pid) return;
  const exited = once(child, 'exit');
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** What bench/report.ts reads from bench/results/start-time.json. */
export interface StartTimeResult {
  runs: number;
  targetMs: number;
  /** Whether the portal was a build of the caller's own (--web-root) rather than apps/web/dist. */
  ownWebRoot: boolean;
  databases: {
    label: string;
    firstMs: number;
    secondMs: number[];
    medianMs: number;
    cpuSeconds: number[];
    medianCpuSeconds: number;
    isMet: boolean;
    /** One-minute load average right after the timed starts, with the machine's core count. */
    loadAverage: number;
    cores: number;
  }[];
}

async function measure(
  label: string,
  env: Record<string, string>,
): Promise<StartTimeResult['databases'][number]> {
  const first = startServer(env);
  const firstMs = await msUntilReady(first, Date.now());
  await stopServer(first);
  const seconds: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const startedAt = Date.now();
    const child = startServer(env);
    try {
      seconds.push(await msUntilReady(child, startedAt));
      cpu.push(groupCpuSeconds(child.pid ?? 0));
    } finally {
      await stopServer(child);
    }
  }
  const median = medianOf(seconds);
  console.log(
    `${label.padEnd(11)} first start ${(firstMs / 1000).toFixed(1)} s (migrate + seed); second start: ` +
      `median ${(median / 1000).toFixed(2)} s, runs ${seconds.map((ms) => (ms / 1000).toFixed(2)).join(' / ')} s ` +
      `(target < ${TARGET_MS / 1000} s: ${median < TARGET_MS ? 'met' : 'NOT met'}); ` +
      `CPU to ready: median ${medianOf(cpu).toFixed(2)} s, runs ${cpu.map((s) => s.toFixed(2)).join(' / ')} s`,
  );
  const load = loadavg()[0] ?? Number.NaN;
  console.log(`            load average while measuring: ${load.toFixed(1)} on ${cpus().length} cores`);
  return {
    label,
    firstMs,
    secondMs: seconds,
    medianMs: median,
    cpuSeconds: cpu,
    medianCpuSeconds: medianOf(cpu),
    isMet: median < TARGET_MS,
    loadAverage: Math.round(load * 100) / 100,
    cores: cpus().length,
  };
}

// Built first, so no timed start pays for a build (they would only if a source changed meanwhile).
const build = spawnSync('node', ['scripts/build.mjs', ...(values['web-root'] ? ['--api'] : [])], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (build.status !== 0) throw new Error('build failed');

console.log(`Second-start time of \`npm start\`, spawn to the first 200 of /ready, ${RUNS} runs each`);
const databases: StartTimeResult['databases'] = [];
rmSync(DATA_DIR, { recursive: true, force: true });
databases.push(await measure('PGlite', { DATA_DIR, DATABASE_URL: '' }));
rmSync(DATA_DIR, { recursive: true, force: true });

await admin(`drop database if exists ${DATABASE} with (force)`);
await admin(`create database ${DATABASE}`);
try {
  databases.push(await measure('PostgreSQL', { DATABASE_URL: databaseUrl(DATABASE) }));
} finally {
  await admin(`drop database if exists ${DATABASE} with (force)`);
}
const result: StartTimeResult = {
  runs: RUNS,
  targetMs: TARGET_MS,
  ownWebRoot: values['web-root'] !== undefined,
  databases,
};
console.log(`Results in ${writeResult('start-time', result)}`);
