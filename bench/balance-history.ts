// Claim (issue 31): on the large tenant, the balance history of a client with 100,000 movements answers
// with a p50 within 2× of its floor and under 100 ms. The series are built in the database (one
// statement whose cost follows the points answered, decision 0044), never by reading the movements
// into the process. The floor is the session check the guard runs, the client gate and that statement,
// from a minimal process of its own (lib/bare-sql-process.ts: node-postgres only), and autocannon runs
// in a process of its own too (lib/cannon-process.ts). The two sides alternate within one run (API
// then floor, then floor then API), with the load average printed beside each figure. Also prints the
// JS the overview route adds (gzip -9), from the portal's last build.
//
//   npm run large-tenant -w @caudal/bench   (once; DATABASE_URL or caudal_bench)
//   npm run bench:balance-history -w @caudal/bench
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { HISTORY_RANGES, wealth } from '@caudal/contract';
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/db/database';
import { findBalanceHistory } from '../apps/api/src/features/wealth/balance-history.repository';
import { requireVisibleClient } from '../apps/api/src/features/wealth/clients.repository';
import { isoDay } from '../apps/api/src/features/wealth/overview.repository';
import { call, type Measurement, measureCallFromOwnProcess, signIn, startApi, warmUp } from './lib/api';
import { floorAccessOf, measureBareInOwnProcess } from './lib/bare-sql-run';
import { captureStatements, loadStaffActor } from './lib/capture';
import { openBenchDatabase } from './lib/database';
import { ensureHistoryClient, HISTORY_ALIAS } from './lib/history-client';
import { writeResult } from './lib/results';
import { explain, openPool, sqlRunnerOf } from './lib/sql-load';
import { BENCH_COMPANY, BENCH_PASSWORD, BENCH_USERNAME, requireBenchCompany } from './lib/tenant';

const TARGET_RATIO = 2;
const TARGET_P50_MS = 100;
/** Measurements per side and range; the order of the sides flips every round. */
const ROUNDS = Number(process.env.ROUNDS ?? 2);

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join('/');

console.log(`Load at start (1/5/15 min): ${load()}`);
const target = await openBenchDatabase();
const databaseUrl = target.databaseUrl;
if (!databaseUrl) throw new Error('This benchmark runs on PostgreSQL (DATABASE_URL or caudal_bench).');
const db = target.handle.db;
const pool = openPool(databaseUrl);
const api = await startApi(db);
try {
  const companyId = await requireBenchCompany(db);
  const clientId = await ensureHistoryClient(db, companyId);
  const actor = await loadStaffActor(db, companyId, BENCH_USERNAME);
  const token = await signIn(api.base, {
    company: BENCH_COMPANY,
    username: BENCH_USERNAME,
    password: BENCH_PASSWORD,
  });
  const floorAccess = await floorAccessOf(api, databaseUrl, token);
  const today = isoDay(new Date());
  console.log(
    `\n${target.label}; client ${clientId} (${HISTORY_ALIAS}): ${await countMovements(db, clientId)} movements`,
  );

  const rows: string[] = [];
  const recorded: unknown[] = [];
  for (const range of HISTORY_RANGES) {
    const body = { client_id: clientId, range };
    await warmUp(api.base, token, wealth.clientBalanceHistory.path, body);
    const answer = await call<{ dates: string[]; bucket: string; series: unknown[] }>(
      api.base,
      token,
      wealth.clientBalanceHistory.path,
      body,
    );
    const bytes = JSON.stringify(answer).length;
    // What client-balance-history.ts runs: the client gate, then the one statement of the chart.
    const groups = await captureStatements(databaseUrl, async (capture: Db) => {
      await requireVisibleClient(capture, actor, clientId);
      return findBalanceHistory(capture, actor, clientId, range, today);
    });
    const plan = await explain(sqlRunnerOf(pool), groups.flat());
    console.log(
      `\nrange ${range}: ${answer.dates.length} points a ${answer.bucket} × ${answer.series.length} series, ${(bytes / 1000).toFixed(1)} kB of JSON; floor = session join then ${groups.map((group) => group.length).join(' then ')} statement(s)`,
    );
    for (const line of plan) console.log(line);
    const sides: { api: Measurement[]; floor: Measurement[]; loads: string[] } = {
      api: [],
      floor: [],
      loads: [],
    };
    for (let round = 0; round < ROUNDS; round++) {
      const measureApi = async () => {
        sides.api.push(
          await measureCallFromOwnProcess(api.base, token, wealth.clientBalanceHistory.path, body),
        );
        sides.loads.push(`API ${load()}`);
      };
      const measureFloor = async () => {
        sides.floor.push(await measureBareInOwnProcess(databaseUrl, floorAccess, groups));
        sides.loads.push(`floor ${load()}`);
      };
      if (round % 2 === 0) {
        await measureApi();
        await measureFloor();
      } else {
        await measureFloor();
        await measureApi();
      }
    }
    const apiP50 = median(sides.api.map((m) => m.p50));
    const floorP50 = median(sides.floor.map((m) => m.p50));
    const ratio = apiP50 / floorP50;
    const met = ratio <= TARGET_RATIO && apiP50 < TARGET_P50_MS;
    const apiP99 = median(sides.api.map((m) => m.p99));
    const floorP99 = median(sides.floor.map((m) => m.p99));
    rows.push(
      `  ${range.padEnd(4)} API p50 ${ms(apiP50)} p99 ${ms(apiP99)} (target p50 < ${TARGET_P50_MS} ms: ${apiP50 < TARGET_P50_MS ? 'met' : 'MISSED'}) · floor p50 ${ms(floorP50)} p99 ${ms(floorP99)} · ratio ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'})\n` +
        `       rounds API ${sides.api.map((m) => ms(m.p50)).join(', ')} · floor ${sides.floor.map((m) => ms(m.p50)).join(', ')} · load (1/5/15) ${sides.loads.join('; ')}`,
    );
    recorded.push({
      range,
      api: sides.api,
      floor: sides.floor,
      apiP50,
      apiP99,
      floorP50,
      floorP99,
      ratio,
      met,
      loads: sides.loads,
    });
  }
  console.log(
    `\nbalance-history, 10 connections × 5 s per measurement, ${ROUNDS} rounds per side alternating (p50 and p99: medians of the rounds'):`,
  );
  for (const row of rows) console.log(row);
  writeResult('balance-history', { scenarios: recorded });
  printRouteJs();
  console.log(`\nLoad at end (1/5/15 min): ${load()}`);
} finally {
  await api.close();
  await pool.end();
  await target.handle.close();
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function ms(value: number) {
  return `${value.toFixed(1)} ms`;
}

async function countMovements(db: Db, clientId: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*)::text as count from product_transactions t join products p on p.id = t.product_id
    where p.client_id = ${clientId}::uuid`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/**
 * The JS a visit to the overview adds (gzip -9 of the built files): the chunks its route module and its
 * lazy charts module load, beyond what the client list (the first screen before it) already loaded.
 */
function printRouteJs() {
  const dist = resolve(import.meta.dirname, '../apps/web/dist');
  const assets = join(dist, 'assets');
  if (!existsSync(assets)) {
    console.log('\nNo portal build (apps/web/dist): run `npm run build -w @caudal/web` for the route JS.');
    return;
  }
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
  const text = (file: string) => readFileSync(join(assets, file), 'utf8');
  const gzip = (file: string) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
  const staticImports = (file: string) =>
    [...text(file).matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)].map((match) => match[1] ?? '');
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const queue = [...start];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (seen.has(file) || !files.includes(file)) continue;
      seen.add(file);
      queue.push(...staticImports(file));
    }
    return seen;
  };
  const screens = JSON.parse(readFileSync(join(dist, 'first-screens.json'), 'utf8')) as {
    screens: { paths: string[]; scripts: string[] }[];
  };
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/\/assets\/([^"']+\.js)/g)].map((match) => match[1] ?? '');
  const list = screens.screens.find((screen) => screen.paths.includes('/wealth/clients'));
  const before = closure([...entry, ...(list?.scripts ?? []).map((path) => path.replace('/assets/', ''))]);
  const pick = (prefix: string) => files.filter((file) => file.startsWith(prefix));
  const route = closure([...pick('client-page-'), ...pick('client-page.'), ...pick('client-page-shared')]);
  const charts = closure(pick('charts-'));
  const sum = (set: Set<string>) =>
    [...set].filter((file) => !before.has(file)).reduce((total, file) => total + gzip(file), 0);
  const chartsOnly = new Set([...charts].filter((file) => !route.has(file)));
  console.log(
    `\nOverview route JS beyond the client list (gzip -9): route chunks ${(sum(route) / 1000).toFixed(1)} kB; ` +
      `its lazy charts module ${(sum(chartsOnly) / 1000).toFixed(1)} kB (${[...chartsOnly].filter((file) => !before.has(file)).join(', ')}); ` +
      `first load of the client list itself is unchanged by these (loaded after it).`,
  );
}
