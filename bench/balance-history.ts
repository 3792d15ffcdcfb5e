// Claim (issue 31): on the large tenant, the balance history of a client with 100,000 movements answers
// with a p50 within 2× of its bare SQL and under 100 ms; the series are built in the database (one
// statement: generate_series days, last-value carry), never by reading the movements into the process.
// The bare SQL runs in a minimal process of its own (lib/sql-floor-process.ts: a pg Pool, the captured
// statements). Also prints the JS the overview route adds (gzip -9), from the portal's last build.
//
//   npm run large-tenant -w @caudal/bench   (once; DATABASE_URL or caudal_bench)
//   npm run bench:balance-history -w @caudal/bench
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { HISTORY_RANGES, wealth } from '@caudal/contract';
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/db/database';
import { requireVisibleClient } from '../apps/api/src/features/wealth/clients.repository';
import { findBalanceHistory, isoDay } from '../apps/api/src/features/wealth/overview.repository';
import { type Measurement, measureCall, signIn, startApi, warmUp } from './lib/api';
import { captureStatements, loadStaffActor } from './lib/capture';
import { openBenchDatabase } from './lib/database';
import { explain, openPool } from './lib/sql-load';
import { BENCH_COMPANY, BENCH_PASSWORD, BENCH_USERNAME, requireBenchCompany } from './lib/tenant';

const HISTORY_ALIAS = 'bw-history-100k';
/** Four busy euro accounts, a dollar account and a loan: 100,000 movements over three years. */
const PRODUCTS = [
  { kind: 'account', currency: 'EUR', movements: 22_500 },
  { kind: 'account', currency: 'EUR', movements: 22_500 },
  { kind: 'account', currency: 'EUR', movements: 22_500 },
  { kind: 'account', currency: 'EUR', movements: 22_500 },
  { kind: 'account', currency: 'USD', movements: 5_000 },
  { kind: 'liability', currency: 'EUR', movements: 5_000 },
] as const;
const DAYS = 3 * 365;
const TARGET_RATIO = 2;
const TARGET_P50_MS = 100;

console.log(
  `Load at start (1/5/15 min): ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')}`,
);
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
  const today = isoDay(new Date());
  console.log(
    `\n${target.label}; client ${clientId} (${HISTORY_ALIAS}): ${await countMovements(db, clientId)} movements`,
  );

  const rows: string[] = [];
  for (const range of HISTORY_RANGES) {
    const body = { client_id: clientId, range };
    await warmUp(api.base, token, wealth.clientBalanceHistory.path, body);
    // What client-balance-history.ts runs: the client gate, then the one statement of the chart.
    const groups = await captureStatements(databaseUrl, async (capture: Db) => {
      await requireVisibleClient(capture, actor, clientId);
      return findBalanceHistory(capture, actor, clientId, range, today);
    });
    const plan = await explain(pool, groups.flat());
    const call = await measureCall(api.base, token, wealth.clientBalanceHistory.path, body);
    const bare = await measureInOwnProcess(databaseUrl, groups);
    const ratio = call.p50 / bare.p50;
    const verdict = ratio <= TARGET_RATIO && call.p50 < TARGET_P50_MS ? 'OK' : 'MISSED';
    rows.push(
      `  ${range.padEnd(4)} API p50 ${ms(call.p50)} p99 ${ms(call.p99)} (${call.rps.toFixed(0)} req/s) · bare SQL p50 ${ms(bare.p50)} p99 ${ms(bare.p99)} · ratio ${ratio.toFixed(2)} ${verdict}`,
    );
    console.log(`\nrange ${range}: ${groups.map((group) => group.length).join(' then ')} statement(s)`);
    for (const line of plan) console.log(line);
  }
  console.log(
    `\nbalance-history, 10 connections × 5 s each (target: p50 ≤ ${TARGET_RATIO}× bare SQL and < ${TARGET_P50_MS} ms):`,
  );
  for (const row of rows) console.log(row);
  printRouteJs();
  console.log(
    `\nLoad at end (1/5/15 min): ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')}`,
  );
} finally {
  await api.close();
  await pool.end();
  await target.handle.close();
}

function ms(value: number) {
  return `${value.toFixed(1)} ms`;
}

/** The bench's history client: made once, in SQL (running balances by window sum), then reused. */
async function ensureHistoryClient(db: Db, companyId: string): Promise<string> {
  const found = await db
    .selectFrom('clients')
    .select('id')
    .where('company_id', '=', companyId)
    .where('alias', '=', HISTORY_ALIAS)
    .executeTakeFirst();
  if (found) return found.id;
  console.log(`Creating ${HISTORY_ALIAS} (100,000 movements)…`);
  return db.transaction().execute(async (trx) => {
    const client = await trx
      .insertInto('clients')
      .values({
        company_id: companyId,
        name: 'Historia Cien Mil',
        alias: HISTORY_ALIAS,
        entity_ids: ['santander'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, product] of PRODUCTS.entries()) {
      const created = await trx
        .insertInto('products')
        .values({
          company_id: companyId,
          client_id: client.id,
          entity_id: 'santander',
          kind: product.kind,
          external_id: `history-${index}`,
          name: `${product.kind === 'account' ? 'Cuenta' : 'Préstamo'} ${index + 1} ${product.currency}`,
          currency: product.currency,
          balance: 0,
          liability_type: product.kind === 'liability' ? 'Loan' : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Movements spread over DAYS up to today, several a day; a loan's instalments lower its debt.
      const sign = product.kind === 'liability' ? -1 : 1;
      await sql`
        insert into product_transactions
          (company_id, product_id, external_id, operation_date, value_date, amount, balance, description)
        select ${companyId}::uuid, ${created.id}::uuid, 'h-' || g,
               current_date - ${DAYS}::int + (g * ${DAYS}::int / ${product.movements}::int),
               current_date - ${DAYS}::int + (g * ${DAYS}::int / ${product.movements}::int),
               amount, 50000 + ${sign}::int * sum(amount) over (order by g), 'Movimiento ' || g
        from (select g, ((((g * 7919) % 401) - 195) / 4.0)::numeric(20, 2) as amount
              from generate_series(0, ${product.movements}::int - 1) g) s
        order by g`.execute(trx);
      await sql`update products set balance = (
          select balance from product_transactions where product_id = ${created.id}::uuid
          order by operation_date desc, id desc limit 1)
        where id = ${created.id}::uuid`.execute(trx);
    }
    return client.id;
  });
}

async function countMovements(db: Db, clientId: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*)::text as count from product_transactions t join products p on p.id = t.product_id
    where p.client_id = ${clientId}::uuid`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

function measureInOwnProcess(databaseUrl: string, groups: unknown): Promise<Measurement> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'lib/sql-floor-process.ts')],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolvePromise(JSON.parse(out) as Measurement) : reject(new Error(`floor exited ${code}`)),
    );
    child.stdin.end(JSON.stringify({ databaseUrl, groups }));
  });
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
