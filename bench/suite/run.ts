// The load, fault and fuzz suite (issue 15): one command, loopback only, PostgreSQL, two API instances.
//
//   npm run suite -w @caudal/bench                 # full: about 8–10 minutes
//   npm run suite -w @caudal/bench -- --quick      # short: about 2–3 minutes
//   npm run suite -w @caudal/bench -- --only workload,kill,database,fuzz
//   npm run suite -w @caudal/bench -- --real-restart   # restart the PostgreSQL server itself (shared!)
//   SUITE_LEVELS=50 npm run suite -w @caudal/bench -- --only workload   # one workload level
//
// Needs the large tenant (made on first run, ~3–11 min, into SUITE_DATABASE or caudal_bench_suite).
// Ports SUITE_PORT..SUITE_PORT+9 (default 3240). Prints every figure and writes bench/results/suite.json.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { writeResult } from '../lib/results';
import { BENCH_COMPANY } from '../lib/tenant';
import { type DatabaseRestartResult, runDatabaseRestart } from './database-restart';
import { createDatabase, databaseUrl, dropDatabase, SERVER_URL, serverVersion } from './databases';
import { type FuzzResult, runFuzz } from './fuzz';
import { type InstanceKillResult, runInstanceKill } from './instance-kill';
import { type Instance, startInstance, stopInstance, suiteEnv } from './instances';
import { startTcpProxy } from './tcp-proxy';
import { ensureRivalTenant, loadLargeTenant } from './tenants';
import { runWorkload, type WorkloadResult } from './workload';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string', default: 'workload,kill,database,fuzz' },
    'real-restart': { type: 'boolean', default: false },
    seed: { type: 'string', default: '15' },
  },
});
const quick = args.quick ?? false;
const only = new Set((args.only ?? '').split(',').map((part) => part.trim()));
const PORT = Number(process.env.SUITE_PORT ?? 3240);
const DATABASE = process.env.SUITE_DATABASE ?? 'caudal_bench_suite';
const FUZZ_DATABASE = `${DATABASE}_fuzz`;
const CLUSTER = process.env.SUITE_PG_CLUSTER ?? '15/main';
/** The workload's connection counts (SUITE_LEVELS=50 to look at one level). */
const LEVELS = (process.env.SUITE_LEVELS ?? '10,50,100').split(',').map(Number);
const PLAN = quick
  ? {
      workloadSeconds: 6,
      killSeconds: 16,
      killReaders: 20,
      databaseSeconds: 16,
      outageSeconds: 3,
      fuzzRuns: 4,
      rawPerCall: 2,
    }
  : {
      workloadSeconds: 20,
      killSeconds: 40,
      killReaders: 30,
      databaseSeconds: 30,
      outageSeconds: 6,
      fuzzRuns: 15,
      rawPerCall: 4,
    };

const started = performance.now();
const instances: Instance[] = [];
const mode = quick ? 'quick' : 'full';
const postgres = await serverVersion();
console.log(
  `Suite (${mode}), PostgreSQL ${postgres}, load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);

/** Each phase writes bench/results/suite-<phase>.json, so a run of one phase keeps the others' figures. */
function recordPhase<T>(phase: string, run: () => Promise<T>): Promise<T> {
  const loadBefore = loadavg();
  const phaseStarted = performance.now();
  return run().then((result) => {
    const seconds = Math.round((performance.now() - phaseStarted) / 1000);
    writeResult(`suite-${phase}`, { mode, postgres, loadBefore, seconds, result });
    return result;
  });
}

async function startPair(names: [string, string], ports: [number, number], env: Record<string, string>) {
  // Both at once, as a cluster starts: the JWT secret and migrations are settled through the database.
  const pair = await Promise.all([
    startInstance(names[0], ports[0], env),
    startInstance(names[1], ports[1], env),
  ]);
  instances.push(...pair);
  return pair as [Instance, Instance];
}

async function stopAll() {
  await Promise.all(instances.splice(0).map(stopInstance));
}

try {
  const mainUrl = databaseUrl(DATABASE);
  if (only.has('workload') || only.has('kill') || only.has('database')) {
    await createDatabase(DATABASE, { dropFirst: false });
    // Clients a previous load created would make large-tenant.ts take the tenant for incomplete.
    await removeLoadClients(mainUrl);
    await generateLargeTenant(mainUrl);
    const large = await loadLargeTenant(mainUrl);
    const rival = await ensureRivalTenant(mainUrl);
    const env = suiteEnv(mainUrl);
    if (only.has('workload') || only.has('kill')) {
      const pair = await startPair(['api-1', 'api-2'], [PORT, PORT + 1], env);
      if (only.has('workload')) {
        console.log('\n# Mixed staff workload (large tenant)');
        await recordPhase<WorkloadResult>('workload', () =>
          runWorkload(pair, large, {
            seconds: PLAN.workloadSeconds,
            levels: LEVELS,
            scalingConnections: 50,
            databaseUrl: mainUrl,
          }),
        );
      }
      if (only.has('kill')) {
        console.log('\n# One instance killed with SIGKILL under load (two tenants)');
        await recordPhase<InstanceKillResult>('kill', () =>
          runInstanceKill(pair, [large, rival], {
            seconds: PLAN.killSeconds,
            readers: PLAN.killReaders,
            writersPerTenant: 2,
            databaseUrl: mainUrl,
          }),
        );
      }
      await stopAll();
    }
    if (only.has('database')) {
      console.log(
        `\n# Database ${args['real-restart'] ? 'server restarted' : 'restarted (for the suite only, through a relay)'} under load`,
      );
      const proxy = args['real-restart']
        ? null
        : await startTcpProxy(PORT + 9, {
            host: '127.0.0.1',
            port: Number(new URL(SERVER_URL).port || 5432),
          });
      const relayed = new URL(mainUrl);
      if (proxy) relayed.port = String(proxy.port);
      const pair = await startPair(['api-3', 'api-4'], [PORT + 2, PORT + 3], suiteEnv(relayed.toString()));
      try {
        await recordPhase<DatabaseRestartResult>('database', () =>
          runDatabaseRestart(pair, [large, rival], {
            seconds: PLAN.databaseSeconds,
            outageSeconds: PLAN.outageSeconds,
            readers: 10,
            databaseUrl: mainUrl,
            databaseName: DATABASE,
            proxy,
            cluster: CLUSTER,
          }),
        );
      } finally {
        await stopAll();
        await proxy?.close();
      }
    }
  }
  if (only.has('fuzz')) {
    console.log('\n# Contract fuzz (demo data, jobs off so only the calls write)');
    await createDatabase(FUZZ_DATABASE, { dropFirst: true });
    const fuzzUrl = databaseUrl(FUZZ_DATABASE);
    const env = suiteEnv(fuzzUrl, { SEED_DEMO: 'true', START_JOBS: 'false' });
    // The first seeds the demo; the second starts on a seeded database.
    instances.push(await startInstance('api-5', PORT + 4, env));
    instances.push(await startInstance('api-6', PORT + 5, env));
    await recordPhase<FuzzResult>('fuzz', () =>
      runFuzz(instances, {
        runsPerCategory: PLAN.fuzzRuns,
        rawPerCall: PLAN.rawPerCall,
        seed: Number(args.seed),
        databaseUrl: fuzzUrl,
      }),
    );
    const dead = instances.filter((instance) => !instance.isAlive());
    if (dead.length > 0)
      console.log(
        `  instances that died during the fuzz: ${dead.map((instance) => instance.name).join(', ')}`,
      );
    await stopAll();
    await dropDatabase(FUZZ_DATABASE);
  }
} finally {
  await stopAll();
  if (only.has('kill') || only.has('database')) await removeLoadClients(databaseUrl(DATABASE));
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(
    `\nSuite finished in ${seconds} s; load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}; results in bench/results/suite-*.json`,
  );
}

/** Deletes the clients the load's writers added to the large tenant (aliases `BL-…`), so its counts match again. */
async function removeLoadClients(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query(`select 1 from information_schema.tables where table_name = 'clients'`);
    if (found.rowCount === 0) return;
    const removed = await client.query(
      `delete from clients where alias like 'BL-%' and company_id = (select id from companies where lower(name) = lower($1))`,
      [BENCH_COMPANY],
    );
    if (removed.rowCount)
      console.log(`Removed ${removed.rowCount} clients an earlier load added to the large tenant.`);
  } finally {
    await client.end();
  }
}

/** bench/large-tenant.ts into the suite's database: a no-op when the tenant is already complete. */
async function generateLargeTenant(url: string): Promise<void> {
  const script = fileURLToPath(new URL('../large-tenant.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`large-tenant.ts exited with ${code}`);
}
