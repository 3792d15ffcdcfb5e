// Claim: the embedded default (PGlite, the demo data, `npm start`) serves the client list to 20
// connections with p99 <= 100 ms, keeps liveness fast, and stays under 300 MB RSS. Starts the server
// as a child process on 127.0.0.1 with a fresh DATA_DIR, so RSS is the server's own, then loads it with
// autocannon. Bounded: a few seconds per phase, the child is killed. By default the server is what
// `npm start` runs, the compiled bundle (apps/api/dist/main.js, built first when stale; decision 0018);
// SERVER=source runs apps/api/src/main.ts through tsx instead. CPU_PROF=<dir> writes a V8 CPU profile
// of the server (node --cpu-prof) into <dir>.
//
//   npm run bench:embedded-load -w @caudal/bench
//   PORT=3401 BENCH_SECONDS=8 SERVER=source npm run bench:embedded-load -w @caudal/bench
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wealth } from '@caudal/contract';
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../apps/api/src/features/seed/seed';
import { signIn } from './lib/api';

const PORT = Number(process.env.PORT ?? 3401);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = join(tmpdir(), `caudal-embedded-load-${PORT}`);
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const FROM_SOURCE = process.env.SERVER === 'source';
const CPU_PROF = process.env.CPU_PROF;

/** The server's command line: the bundle `npm start` runs, or the sources through tsx. */
function serverArgs(): string[] {
  const profile = [
    ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : []),
    ...(process.env.SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
  ];
  if (FROM_SOURCE) return [...profile, '--import', 'tsx', join(ROOT, 'apps/api/src/main.ts')];
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--api'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the API build failed');
  return [...profile, join(ROOT, 'apps/api/dist/main.js')];
}
const SERVER_ARGS = serverArgs();

function startServer(): ChildProcess {
  return spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUntilReady(child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
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

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function phase(label: string, child: ChildProcess, token: string) {
  let peakRss = rssMb(child.pid ?? 0);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(child.pid ?? 0));
  }, 200);
  const [list, health] = await Promise.all([
    autocannon({
      url: `${base}${wealth.clientList.path}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ page: 1, page_size: 25, sort: 'name' }),
      connections: CONNECTIONS,
      duration: SECONDS,
    }),
    autocannon({ url: `${base}/health`, connections: 1, duration: SECONDS }),
  ]);
  clearInterval(sampler);
  const row = (name: string, result: Awaited<ReturnType<typeof autocannon>>) =>
    `${label.padEnd(8)} ${name.padEnd(12)} ${result.requests.average.toFixed(0).padStart(7)} ${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)} ${String(result.non2xx + result.errors).padStart(7)}`;
  console.log(row('client-list', list));
  console.log(row('/health', health));
  return peakRss;
}

/** KEEP_DATA=1: keep the seeded folder, and measure only a restart when it exists (quicker reruns). */
const keepData = process.env.KEEP_DATA === '1';
const starts = keepData && existsSync(dataDir) ? ['restart'] : ['first', 'restart'];
if (starts.length === 2) rmSync(dataDir, { recursive: true, force: true });
// First start: migrations and the demo seed. Second start: what a restarted server looks like.
for (const start of starts) {
  const child = startServer();
  try {
    const startedAt = Date.now();
    await waitUntilReady(child, 400_000);
    const readyMs = Date.now() - startedAt;
    const idleRss = rssMb(child.pid ?? 0);
    const token = await signIn(base, { company: 'Demo Wealth', username: 'demo', password: DEMO_PASSWORD });
    console.log(
      `\n${start} start (${FROM_SOURCE ? 'sources via tsx' : 'built bundle'}): ready in ${(readyMs / 1000).toFixed(1)} s, RSS ${idleRss} MB when ready; load average ${loadavg()[0]?.toFixed(1)}`,
    );
    console.log(
      `${CONNECTIONS} connections on the client list + 1 on /health, ${SECONDS} s (after a 2 s warm-up)`,
    );
    console.log('phase    route          req/s  p50 ms  p99 ms  errors');
    await autocannon({
      url: `${base}${wealth.clientList.path}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
      connections: CONNECTIONS,
      duration: 2,
    });
    const peak = await phase('measured', child, token);
    console.log(
      `peak RSS during load: ${peak} MB; after: ${rssMb(child.pid ?? 0)} MB; load average ${loadavg()[0]?.toFixed(1)}`,
    );
  } finally {
    await stop(child);
  }
}
if (!keepData) rmSync(dataDir, { recursive: true, force: true });
