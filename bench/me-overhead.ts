// What does the guard cost? `/platform/me` (token check, session row, actor, contract check, the handler,
// every global hook) against the floor: a separate minimal server (lib/me-floor-server.ts: Fastify with no
// hooks, jose, the same session join) that verifies the same JWT and runs the same statement, then
// answers. On PostgreSQL the floor is its own process with its own `pg` pool (max 10, like the API's); on
// PGlite, which one process owns, it runs in this process on the same handle. The two sides alternate
// within the run, so a burst of load from elsewhere on the machine lands on both. The API logs at
// LOG_LEVEL=info (lines go to /dev/null). Stops by itself.
//
//   npm run me-overhead -w @caudal/bench                         # in-memory PGlite
//   DATABASE_URL=postgres://… npm run me-overhead -w @caudal/bench   # PostgreSQL (seeds the demo if empty)
//   CPU_PROF=/tmp/me ROUNDS=3 …                                 # + a CPU profile of each measured API round
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { openDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import type { Database } from '../apps/api/src/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/features/seed/seed';
import { findSessionWithUser } from '../apps/api/src/shared/auth/session-store';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  measureCallFromOwnProcess,
  signIn,
  startApi,
  WARM_UP_SECONDS,
} from './lib/api';
import { profiled } from './lib/cpu-profile';
import { startMeFloor } from './lib/me-floor-server';
import { writeResult } from './lib/results';

/** The target: `/platform/me` serves at least this share of the floor's throughput. */
const TARGET_SHARE = 0.8;

const databaseUrl = process.env.DATABASE_URL;
const logLevel = process.env.LOG_LEVEL ?? 'info';
const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: null });
await migrate(handle.db);
await seedDemo(handle.db, { memoryCost: 1024, timeCost: 1 });

const api = await startApi(handle.db, { logLevel });
const token = await signIn(api.base, { company: 'Demo Wealth', username: 'demo', password: DEMO_PASSWORD });
const secret = new TextDecoder().decode(api.app.deps.tokenSecret);
const idleMinutes = api.app.deps.config.sessionIdleMinutes;
const sessionSql = await compileSessionJoin();
const floor = databaseUrl
  ? await startFloorProcess({ databaseUrl, secret, sessionSql, idleMinutes })
  : await startMeFloor({
      secret,
      sessionSql,
      idleMinutes,
      runSql: async (text, parameters) =>
        (await handle.db.executeQuery(CompiledQuery.raw(text, parameters))).rows as Record<string, unknown>[],
    });

/** The session join exactly as the guard sends it (Kysely's compiled text; the id is its one parameter). */
async function compileSessionJoin(): Promise<string> {
  let text = '';
  const compiler = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      text = event.query.sql;
    },
  });
  await findSessionWithUser(compiler, '00000000-0000-0000-0000-000000000000');
  return text;
}

function startFloorProcess(input: object): Promise<{ base: string; close(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      // With CPU_PROF, the floor process is profiled too (its whole life: mostly its rounds), so both
      // sides' CPU per request can be compared, a figure the machine's load moves far less than req/s.
      ...(process.env.CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${join(process.env.CPU_PROF, 'floor')}`]
        : []),
      '--import',
      'tsx',
      join(import.meta.dirname, 'lib/me-floor-server.ts'),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  child.stdin.end(JSON.stringify(input));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the floor process exited (${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      const { base } = JSON.parse(line) as { base: string };
      resolve({
        base,
        close: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

let profiledRounds = 0;

async function measure(side: 'me' | 'floor', isRecorded = true) {
  const load = loadavg()[0] ?? 0;
  // With CPU_PROF, the API's process is profiled over each measured `/platform/me` round only.
  const figures =
    side === 'me'
      ? isRecorded
        ? await profiled(`me-${++profiledRounds}`, () =>
            measureCallFromOwnProcess(api.base, token, '/platform/me', {}),
          )
        : await measureCallFromOwnProcess(api.base, token, '/platform/me', {})
      : await measureCallFromOwnProcess(floor.base, token, '/bench/bare', {});
  return { side, load, ...figures };
}

try {
  // Alternated, so a burst of load from elsewhere on the machine does not land on one side only.
  // An unrecorded round of each first: the API has far more code to get hot than the floor, and a 1 s
  // warm-up left its first measured round at half its steady rate (seen: 1,047 then 1,846 req/s).
  await measure('me', false);
  await measure('floor', false);
  const rounds = Number(process.env.ROUNDS ?? 2);
  const me: Awaited<ReturnType<typeof measure>>[] = [];
  const bare: Awaited<ReturnType<typeof measure>>[] = [];
  for (let round = 0; round < rounds; round++) {
    me.push(await measure('me'));
    bare.push(await measure('floor'));
  }
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const floorWhere = databaseUrl ? 'its own process, pg pool' : 'in-process, same PGlite handle';
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each after ${WARM_UP_SECONDS} s warm-up, ${rounds} alternating rounds, ${database}, LOG_LEVEL=${logLevel}; floor: ${floorWhere}\n`,
  );
  console.log(
    [
      'side'.padEnd(14),
      'req/s'.padStart(10),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'load'.padStart(6),
    ].join(' '),
  );
  for (const row of [...me, ...bare]) {
    console.log(
      [
        (row.side === 'me' ? '/platform/me' : 'floor').padEnd(14),
        row.rps.toFixed(0).padStart(10),
        String(row.p50).padStart(8),
        String(row.p99).padStart(8),
        row.load.toFixed(1).padStart(6),
      ].join(' '),
    );
  }
  const total = (rows: { total: number }[]) => rows.reduce((sum, row) => sum + row.total, 0);
  const ratio = total(me) / total(bare);
  const verdict = ratio >= TARGET_SHARE ? 'meets' : 'BELOW';
  console.log(
    `\n/platform/me serves ${ratio.toFixed(2)}× the floor's throughput (target ≥ ${TARGET_SHARE}×: ${verdict})\n`,
  );
  // One file per database, so the report shows both (report.ts).
  writeResult(databaseUrl ? 'me-overhead-postgres' : 'me-overhead-pglite', {
    database,
    me,
    bare,
    ratio,
    target: TARGET_SHARE,
  });
} finally {
  await floor.close();
  await api.close();
  await handle.close();
}
