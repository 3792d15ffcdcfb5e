// Claim (issue 21 item 3): sanitising custom CSS never holds the event loop. From a cold start (a fresh
// server process that has sanitised nothing yet), ten concurrent uploads of 64 KB of small rules leave
// `/health` p99 under 50 ms, on PGlite and on PostgreSQL. The real server runs in a child process (the
// built bundle `npm start` runs, built first when stale; SERVER=source runs the sources through tsx),
// with the demo data; this process probes `/health` back to back (a new request as soon as the last
// answered, at most every 5 ms) from the first upload sent to the last answered, then once more warm.
// A first round without uploads gives the machine's floor (on a loaded machine /health is slow anyway).
//
//   npm run bench:custom-css-upload -w @caudal/bench
//   PORT=32211 DATABASES=postgres npm run bench:custom-css-upload -w @caudal/bench
//   SERVER_MAIN=/tmp/before/apps/api/dist/main.js npm run bench:custom-css-upload -w @caudal/bench
// CPU_PROF=<dir> writes V8 CPU profiles of the server (and its threads) into <dir>.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CUSTOM_CSS_MAX_BYTES, customCss } from '@caudal/contract';
import { DEMO_PASSWORD } from '../apps/api/src/features/seed/seed';
import { signIn } from './lib/api';

const PORT = Number(process.env.PORT ?? 3402);
const UPLOADS = Number(process.env.UPLOADS ?? 10);
const DATABASES = (process.env.DATABASES ?? 'pglite,postgres').split(',');
const ADMIN_URL = process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const base = `http://127.0.0.1:${PORT}`;
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const FROM_SOURCE = process.env.SERVER === 'source';

function serverArgs(): string[] {
  return [
    ...(process.env.CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF}`] : []),
    ...serverEntry(),
  ];
}

function serverEntry(): string[] {
  // Another build's server, to compare with (e.g. the code before a change, built in another folder).
  if (process.env.SERVER_MAIN) return [process.env.SERVER_MAIN];
  if (FROM_SOURCE) return ['--import', 'tsx', join(ROOT, 'apps/api/src/main.ts')];
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--api'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the API build failed');
  return [join(ROOT, 'apps/api/dist/main.js')];
}
const SERVER_ARGS = serverArgs();

/** 64 KB of small rules, different per upload (no cache anywhere can help). */
function stylesheet(seed: number): string {
  const rules: string[] = [];
  let size = 0;
  for (let i = 0; ; i += 1) {
    const rule = `.b${seed}-${i} { color: #${((seed * 7919 + i) % 0xffffff).toString(16).padStart(6, '0')}; margin: ${i % 9}px }\n`;
    if (size + rule.length > CUSTOM_CSS_MAX_BYTES) break;
    rules.push(rule);
    size += rule.length;
  }
  return rules.join('');
}

function startServer(database: { dataDir: string } | { url: string }): ChildProcess {
  return spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      SEED_DEMO: 'true',
      ...('dataDir' in database
        ? { DATA_DIR: database.dataDir, DATABASE_URL: '' }
        : { DATABASE_URL: database.url }),
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

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Ten uploads at once while /health is probed back to back (none: the machine's floor, 3 s). */
async function round(token: string, seed: number, uploadCount: number) {
  const latencies: number[] = [];
  let isRunning = true;
  const probe = (async () => {
    while (isRunning) {
      const started = performance.now();
      const response = await fetch(`${base}/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  if (uploadCount === 0) await new Promise((resolve) => setTimeout(resolve, 3_000));
  const uploads = await Promise.all(
    Array.from({ length: uploadCount }, async (_, index) => {
      const file = Buffer.from(stylesheet(seed + index), 'utf8').toString('base64');
      const sent = performance.now();
      const response = await fetch(`${base}${customCss.setCustomCss.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ file }),
      });
      const body = (await response.json()) as { removed?: unknown[] };
      return { status: response.status, ms: performance.now() - sent, removed: body.removed?.length ?? -1 };
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  isRunning = false;
  await probe;
  latencies.sort((a, b) => a - b);
  const uploadMs = uploads.map((upload) => upload.ms).sort((a, b) => a - b);
  return {
    ok: uploads.filter((upload) => upload.status === 200 && upload.removed === 0).length,
    seconds,
    uploadP50: percentile(uploadMs, 0.5),
    uploadMax: uploadMs.at(-1) ?? 0,
    samples: latencies.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
  };
}

console.log(
  `${UPLOADS} concurrent uploads of ${CUSTOM_CSS_MAX_BYTES / 1024} KB of small rules (${process.env.SERVER_MAIN ?? (FROM_SOURCE ? 'sources via tsx' : 'built bundle')}), /health probed back to back`,
);
console.log(
  '| database | round | uploads ok | s | upload p50 ms | upload max ms | /health samples | p50 ms | p99 ms | max ms | load avg |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const kind of DATABASES) {
  const dataDir = join(tmpdir(), `caudal-css-bench-${PORT}`);
  let databaseUrl: string | null = null;
  if (kind === 'postgres') {
    databaseUrl = execFileSync(process.execPath, [join(ROOT, 'scripts/create-database.mjs'), ADMIN_URL], {
      encoding: 'utf8',
    }).trim();
  } else rmSync(dataDir, { recursive: true, force: true });
  const child = startServer(databaseUrl ? { url: databaseUrl } : { dataDir });
  try {
    await waitUntilReady(child, 400_000);
    const token = await signIn(base, { company: 'Demo Wealth', username: 'demo', password: DEMO_PASSWORD });
    for (const [index, label] of ['idle (no uploads)', 'cold', 'warm'].entries()) {
      const loadBefore = loadavg()[0] ?? 0;
      const uploadCount = index === 0 ? 0 : UPLOADS;
      const r = await round(token, index * 100, uploadCount);
      const cells = [
        kind,
        label,
        `${r.ok}/${uploadCount}`,
        r.seconds.toFixed(2),
        r.uploadP50.toFixed(0),
        r.uploadMax.toFixed(0),
        String(r.samples),
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        r.max.toFixed(1),
        loadBefore.toFixed(1),
      ];
      console.log(`| ${cells.join(' | ')} |`);
    }
  } finally {
    await stop(child);
    if (databaseUrl) execFileSync(process.execPath, [join(ROOT, 'scripts/drop-database.mjs'), databaseUrl]);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}
