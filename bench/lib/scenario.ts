// Runs wealth scenarios on the large tenant: the API call with autocannon against the same statements
// run bare, plus one EXPLAIN (ANALYZE, BUFFERS) of those statements. PostgreSQL by default (DATABASE_URL
// or caudal_bench; the floor is a process of its own with a `pg` pool); with PGLITE_DIR, the large tenant
// in that PGlite directory (the floor runs in this process on the same handle, alternated with the API).
import { loadavg } from 'node:os';
import type { Db } from '../../apps/api/src/db/database';
import type { Actor } from '../../apps/api/src/shared/auth/actor';
import {
  isServed,
  type Measurement,
  measureCallFromOwnProcess,
  type RunningApi,
  signIn,
  startApi,
  warmUp,
} from './api';
import { floorAccessOf, measureFloorOn } from './bare-sql-run';
import { captureStatements, loadStaffActor } from './capture';
import { withCpuAccount } from './cpu-account';
import { profiled } from './cpu-profile';
import { openBenchDatabase } from './database';
import { startHttpFloor } from './http-floor';
import { printHeader, printScenario } from './report';
import { writeResult } from './results';
import { explain, openSqlRunner } from './sql-load';
import { BENCH_COMPANY, BENCH_PASSWORD, BENCH_USERNAME, requireBenchCompany } from './tenant';

export interface Scenario {
  name: string;
  /** The API call and its JSON body. */
  path: string;
  body: unknown;
  /** What the call's handler runs against the database (repository functions), recorded once. */
  queries: (db: Db) => Promise<unknown>;
}

export interface BenchContext {
  db: Db;
  actor: Actor;
  companyId: string;
  /** The API and a token, or null while the calls are not served yet (404). */
  api: { base: string; token: string } | null;
}

/**
 * Opens the tenant, starts the API, and runs the scenarios `prepare` returns (it may call the API or
 * the repositories to find ids and cursors). Stops by itself: every measurement is time-bounded.
 */
export async function runBench(
  title: string,
  probePath: string,
  prepare: (context: BenchContext) => Promise<Scenario[]>,
): Promise<void> {
  const target = await openBenchDatabase({ pgliteDir: process.env.PGLITE_DIR ?? null });
  const databaseUrl = target.databaseUrl;
  const source = databaseUrl ?? target.handle.executor;
  if (!source) throw new Error('No way to run the floor: neither a PostgreSQL URL nor a PGlite executor.');
  let running: RunningApi | null = null;
  const sqlRunner = openSqlRunner(source);
  const resultName = databaseUrl ? title : `${title}-pglite`;
  // What was printed, for bench/results/<title>.json (report.ts).
  const recorded: { floor: Measurement | null; scenarios: unknown[] } = { floor: null, scenarios: [] };
  try {
    const companyId = await requireBenchCompany(target.handle.db);
    const actor = await loadStaffActor(target.handle.db, companyId, BENCH_USERNAME);
    // At the product's level (info: one line per request, to /dev/null), as me-overhead.ts runs it.
    running = await startApi(target.handle.db, { logLevel: process.env.LOG_LEVEL ?? 'info' });
    const token = await signIn(running.base, {
      company: BENCH_COMPANY,
      username: BENCH_USERNAME,
      password: BENCH_PASSWORD,
    });
    const served = await isServed(running.base, token, probePath);
    if (!served)
      console.log(`\n${probePath} answers 404: the wealth calls are not served yet; bare SQL only.`);
    const context: BenchContext = {
      db: target.handle.db,
      actor,
      companyId,
      api: served ? { base: running.base, token } : null,
    };
    // ONLY=1,4: just those scenarios (1-based, in the script's order), for a short run.
    const only = process.env.ONLY?.split(',').map(Number) ?? null;
    const scenarios = (await prepare(context)).filter((_, index) => !only || only.includes(index + 1));
    const floorAccess = await floorAccessOf(running, source, token);
    printHeader(title, target.label);
    if (context.api) {
      // Every call hot first: otherwise whichever scenario runs first pays for the JIT (seen: 2–3× p50).
      for (const scenario of scenarios)
        await warmUp(context.api.base, context.api.token, scenario.path, scenario.body);
      // The floor every call pays (token, session row, actor, no wealth SQL), to read the ratios against.
      const floor = await measureCallFromOwnProcess(context.api.base, context.api.token, '/platform/me', {});
      recorded.floor = floor;
      console.log(
        `\nAPI floor, /platform/me (token, session row, actor; no wealth SQL): ${floor.rps.toFixed(0)} req/s, p50 ${floor.p50} ms, p99 ${floor.p99} ms`,
      );
    }
    for (const scenario of scenarios) {
      const groups = await captureStatements(source, scenario.queries);
      const plan = await explain(sqlRunner.runSql, groups.flat());
      // The floor: the token and session check the guard runs, then the call's own statements, from a
      // minimal process of its own (lib/bare-sql-process.ts: node-postgres and jose only), or on PGlite
      // in this process through the handle's executor (lib/bare-sql-run.ts). ROUNDS (default 2) rounds
      // alternate API and floor, so a burst of load from elsewhere lands on both; each side's figures
      // are the mean of its rounds, and the load average at the start of the scenario is printed.
      const load = loadavg()[0] ?? 0;
      const apiRounds: AccountedMeasurement[] = [];
      const bareRounds: AccountedMeasurement[] = [];
      // HTTP_FLOOR=1: a third side, the same floor behind a minimal HTTP server (lib/list-floor-server.ts).
      const httpFloor =
        IS_HTTP_FLOOR && databaseUrl ? await startHttpFloor(databaseUrl, floorAccess, groups) : null;
      const httpRounds: AccountedMeasurement[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const api = context.api;
        if (api)
          apiRounds.push(
            // With CPU_PROF, the API's process is profiled over its measured rounds (lib/cpu-profile.ts).
            await profiled(`${title}-${scenarios.indexOf(scenario) + 1}-${round + 1}`, () =>
              withCpuAccount(() =>
                measureCallFromOwnProcess(api.base, api.token, scenario.path, scenario.body),
              ),
            ),
          );
        bareRounds.push(await withCpuAccount(() => measureFloorOn(source, floorAccess, groups)));
        if (httpFloor) httpRounds.push(await httpFloor.measure());
      }
      await httpFloor?.close();
      const api = context.api ? meanOf(apiRounds) : null;
      const bare = meanOf(bareRounds) as Measurement;
      const floorWhere = databaseUrl ? 'own process, pg pool' : 'this process, the same PGlite handle';
      const shape = [
        'JWT check, session join',
        ...groups.map((group) => `${group.length} statement(s)`),
      ].join(' then ');
      printScenario(
        scenario.name,
        `${scenario.path} ${JSON.stringify(scenario.body)}\n   floor (${floorWhere}): ${shape} per request (concurrent within a step)\n   ${ROUNDS} alternating rounds per side (means below), load average ${load.toFixed(1)} at the start; p50 per round: API ${apiRounds.map((m) => m.p50).join(', ') || 'n/a'}, floor ${bareRounds.map((m) => m.p50.toFixed(2)).join(', ')}`,
        api,
        bare,
        plan,
      );
      const pglite = databaseUrl ? null : 'PGlite';
      console.log(
        `\n   CPU per request (µs; warm-up included; ${pglite ? 'PGlite runs in the measured process' : 'PostgreSQL = every postgres process on the machine'}):`,
      );
      for (const round of apiRounds)
        console.log(
          `   API   ${describeCpu(round, pglite ? 'API and PGlite process' : 'API process', 'autocannon', pglite)}`,
        );
      for (const round of bareRounds)
        console.log(
          `   floor ${describeCpu(round, pglite ? 'floor and PGlite process' : 'floor process', null, pglite)}`,
        );
      if (httpRounds.length > 0) {
        const http = meanOf(httpRounds) as Measurement;
        console.log(
          `\n   HTTP floor (the floor behind a minimal Fastify server, own process): ${http.rps.toFixed(0)} req/s, p50 ${http.p50.toFixed(2)} ms (rounds ${httpRounds.map((m) => m.p50.toFixed(2)).join(', ')}); API / HTTP floor = ${api ? (api.p50 / http.p50).toFixed(2) : 'n/a'}×`,
        );
        for (const round of httpRounds)
          console.log(`   HTTP  ${describeCpu(round, 'floor server', 'autocannon', null)}`);
      }
      recorded.scenarios.push({
        name: scenario.name,
        api,
        bare,
        ratio: api ? api.p50 / bare.p50 : null,
        load,
        rounds: { api: apiRounds, bare: bareRounds, ...(httpRounds.length > 0 ? { http: httpRounds } : {}) },
      });
    }
    writeResult(resultName, recorded);
  } finally {
    await sqlRunner.close();
    await running?.close();
    await target.handle.close();
  }
}

const ROUNDS = Number(process.env.ROUNDS ?? 2);
const IS_HTTP_FLOOR = process.env.HTTP_FLOOR === '1';

type AccountedMeasurement = Measurement & { serverCpuMs: number; postgresCpuMs: number };

/**
 * One round's CPU per request. The API round: this process (the API), autocannon's process, PostgreSQL.
 * The floor round: the floor's process (load generator and "server" in one), PostgreSQL. On PGlite the
 * database is in this process: PostgreSQL's processes are not read (`embedded` names it instead).
 */
function describeCpu(
  round: AccountedMeasurement,
  measurer: string,
  client: string | null,
  embedded: string | null,
): string {
  const requests = round.cpu?.requests ?? 0;
  if (requests === 0) return 'n/a';
  const per = (ms: number) => ((ms * 1000) / requests).toFixed(0);
  const parts = client
    ? [`${measurer} ${per(round.serverCpuMs)}`, `${client} ${per(round.cpu?.ms ?? 0)}`]
    : [`${measurer} ${per(round.cpu?.ms ?? 0)}`];
  if (!embedded) parts.push(`PostgreSQL ${per(round.postgresCpuMs)}`);
  return parts.join(', ');
}

function meanOf(rounds: readonly Measurement[]): Measurement | null {
  if (rounds.length === 0) return null;
  const mean = (pick: (m: Measurement) => number) =>
    rounds.reduce((sum, m) => sum + pick(m), 0) / rounds.length;
  return {
    rps: mean((m) => m.rps),
    p50: mean((m) => m.p50),
    p99: mean((m) => m.p99),
    total: rounds.reduce((sum, m) => sum + m.total, 0),
  };
}
