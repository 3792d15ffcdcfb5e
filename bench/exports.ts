// Claim: a 1,000,000-row transaction export streams at >= 0.7x a bare csv-stringify write of the same
// rows from the same cursor, with flat memory (CSV <= 200 MB, XLSX <= 300 MB peak RSS of the process
// that writes), while /health keeps answering (p99 < 50 ms). As in production: the API listening in this
// process and the export job (`runExport`) running in it, which hands the cursor and the serialisation
// to the export worker process (decision 0019) and stores the chunks it sends back. RSS is sampled for
// both processes. PostgreSQL only (the large tenant): DATABASE_URL or caudal_bench.
//
//   node --expose-gc --import tsx exports.ts [--rows 1000000] [--formats csv,xlsx]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { sql } from 'kysely';
import { readCursor } from '../apps/api/src/features/exports/export-cursor';
import { exportHost } from '../apps/api/src/features/exports/export-host';
import { runExport } from '../apps/api/src/features/exports/export-job';
import { compileExportQuery, type ExportQuery } from '../apps/api/src/features/exports/export-rows';
import { insertExport } from '../apps/api/src/features/exports/exports.repository';
import { createLogger } from '../apps/api/src/shared/logger';
import { startApi } from './lib/api';
import { openBenchDatabase } from './lib/database';

const rowsFlag = process.argv.indexOf('--rows');
const TARGET_ROWS = rowsFlag > 0 ? Number(process.argv[rowsFlag + 1]) : 1_000_000;
const formatsFlag = process.argv.indexOf('--formats');
const FORMATS = (formatsFlag > 0 ? (process.argv[formatsFlag + 1] ?? '') : 'csv,xlsx').split(',');
const HEALTH_EVERY_MS = 50;

const target = await openBenchDatabase();
const { db } = target.handle;
if (!target.databaseUrl) throw new Error('PostgreSQL only');

const company = await db
  .selectFrom('companies')
  .select('id')
  .where('name', '=', 'Bench Wealth')
  .executeTakeFirstOrThrow(() => new Error('Run `npm run large-tenant -w @caudal/bench` first'));
const user = await db
  .selectFrom('users')
  .select('id')
  .where('company_id', '=', company.id)
  .executeTakeFirstOrThrow();

// Clients by name until their movements reach the target: what a user picking clients would export.
const perClient = await sql<{ client_id: string; n: string }>`
  select c.id as client_id, count(t.id)::text as n
  from clients c join products p on p.client_id = c.id join product_transactions t on t.product_id = p.id
  where c.company_id = ${company.id}::uuid and p.kind in ('account', 'liability')
  group by c.id, c.name order by c.name, c.id`.execute(db);
const clientIds: string[] = [];
let expectedRows = 0;
for (const row of perClient.rows) {
  if (expectedRows >= TARGET_ROWS) break;
  clientIds.push(row.client_id);
  expectedRows += Number(row.n);
}
const entityIds = (await db.selectFrom('entities').select('id').execute()).map((row) => row.id);
const query: ExportQuery = {
  companyId: company.id,
  type: 'transactions',
  clientIds,
  entityIds,
  dateFrom: null,
  dateTo: null,
};

const api = await startApi(db);
const log = createLogger('silent');

/** Resident memory of a process, from /proc (MB). */
function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0; // the process ended between two samples
  }
}

/**
 * While `task` runs: peak RSS of this process (the API) and of the export worker, sampled every 25 ms
 * (this process after a GC, so earlier phases do not count), and /health latencies every 50 ms.
 */
async function measure<T>(name: string, task: () => Promise<T>) {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const baseline = rssMb(process.pid);
  let peak = baseline;
  let writerPeak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(process.pid));
    if (exportHost.pid) writerPeak = Math.max(writerPeak, rssMb(exportHost.pid));
  }, 25);
  const latencies: number[] = [];
  let isRunning = true;
  const health = (async () => {
    while (isRunning) {
      const started = performance.now();
      const response = await fetch(`${api.base}/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  const loadBefore = loadavg()[0] ?? 0;
  const started = performance.now();
  const result = await task();
  const seconds = (performance.now() - started) / 1000;
  isRunning = false;
  await health;
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name,
    result,
    seconds,
    baselineMb: baseline,
    peakMb: peak,
    writerPeakMb: writerPeak,
    p50: p(0.5),
    p99: p(0.99),
    max: latencies.at(-1) ?? 0,
    samples: latencies.length,
    load: `${loadBefore.toFixed(1)}-${(loadavg()[0] ?? 0).toFixed(1)}`,
  };
}

/** The bare half, in this process: the same cursor, csv-stringify, bytes thrown away. */
async function bareCsv(): Promise<number> {
  const out = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const stringifier = stringify({ bom: true });
  stringifier.pipe(out);
  let rows = 0;
  const compiled = compileExportQuery(db, query);
  for await (const batch of readCursor(target.databaseUrl ?? '', compiled.sql, compiled.parameters)) {
    for (const row of batch) {
      if (!stringifier.write(Object.values(row)))
        await new Promise((resolve) => stringifier.once('drain', resolve));
    }
    rows += batch.length;
  }
  stringifier.end();
  await new Promise((resolve) => out.on('finish', resolve));
  return rows;
}

async function exportAs(format: 'csv' | 'xlsx'): Promise<number> {
  const { id } = await insertExport(db, {
    companyId: company.id,
    createdBy: user.id,
    type: 'transactions',
    format,
    language: 'es',
    clientIds,
    entityIds,
    columns: null,
    dateFrom: null,
    dateTo: null,
    fileName: `bench.${format}`,
  });
  const outcome = await runExport(
    { db, postgresUrl: target.databaseUrl, clock: () => new Date(), log, expiryHours: 1 },
    id,
  );
  const row = await db
    .selectFrom('exports')
    .select([sql<string>`rows_written::text`.as('rows'), sql<string>`size_bytes::text`.as('bytes')])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('exports').where('id', '=', id).execute();
  // Each run forks its own worker, so its peak RSS is that run's alone.
  await exportHost.close();
  if (outcome !== 'ready') throw new Error(`${format} export ${outcome}`);
  console.log(`  ${format}: ${(Number(row.bytes) / 1024 / 1024).toFixed(1)} MB stored`);
  return Number(row.rows);
}

console.log(`${target.label}: ${clientIds.length} clients, ${expectedRows.toLocaleString('en')} movements`);
const runs = [await measure('bare csv-stringify (same cursor, this process)', bareCsv)];
if (FORMATS.includes('csv')) {
  runs.push(await measure('CSV export (worker: cursor -> csv; API: chunks)', () => exportAs('csv')));
}
if (FORMATS.includes('xlsx')) {
  runs.push(await measure('XLSX export (worker: cursor -> exceljs; API: chunks)', () => exportAs('xlsx')));
}
const bareRate = (runs[0]?.result ?? 0) / (runs[0]?.seconds ?? 1);
console.log(
  '\n| run | rows | s | rows/s | vs bare | API RSS before MB | API peak RSS MB | writer peak RSS MB | /health p50 ms | /health p99 ms | /health max ms | samples | load avg |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const run of runs) {
  const rate = run.result / run.seconds;
  const writer = run.writerPeakMb > 0 ? run.writerPeakMb.toFixed(0) : '(this process)';
  console.log(
    `| ${run.name} | ${run.result.toLocaleString('en')} | ${run.seconds.toFixed(1)} | ${Math.round(rate).toLocaleString('en')} | ${(rate / bareRate).toFixed(2)}x | ${run.baselineMb.toFixed(0)} | ${run.peakMb.toFixed(0)} | ${writer} | ${run.p50.toFixed(1)} | ${run.p99.toFixed(1)} | ${run.max.toFixed(1)} | ${run.samples} | ${run.load} |`,
  );
}
await exportHost.close();
await api.close();
await target.handle.close();
