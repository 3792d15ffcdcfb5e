// Claim (issue 23): the first CSV of every demo client's transactions (the walk's 29,441 rows) takes
// seconds, on the embedded database `npm start` uses. A PGlite data directory is created and seeded
// with the demo once (kept in .data/demo-export), then: one export of every client of Demo Wealth, all
// entities, all dates, run by `runExport` as the job does (the API reads keyset pages and hands them to
// the export worker process), twice: the first pays the worker's start. Each phase is timed apart.
//
//   npx tsx demo-export.ts [--dir .data/demo-export] [--format csv]
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { exportHost } from '../apps/api/src/features/exports/export-host';
import { runExport } from '../apps/api/src/features/exports/export-job';
import { createExport } from '../apps/api/src/features/exports/export-request';
import { type ExportQuery, readEmbeddedRows } from '../apps/api/src/features/exports/export-rows';
import { seedDemo } from '../apps/api/src/features/seed/seed';
import { createLogger } from '../apps/api/src/shared/logger';

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: '.data/demo-export' },
    format: { type: 'string', default: 'csv' },
  },
});
const format = args.format as 'csv' | 'xlsx';
const isNew = !existsSync(`${args.dir}/PG_VERSION`);
const handle = await openDatabase({ dataDir: args.dir });
const { db } = handle;
if (isNew) {
  const started = performance.now();
  await migrate(db);
  await seedDemo(db, loadConfig({}).passwordHashing);
  console.log(`seeded the demo in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} else await migrate(db);

const company = await db
  .selectFrom('companies')
  .select('id')
  .where('name', '=', 'Demo Wealth')
  .executeTakeFirstOrThrow();
const user = await db
  .selectFrom('users')
  .select('id')
  .where('company_id', '=', company.id)
  .where('username', '=', 'demo')
  .executeTakeFirstOrThrow();
const clientIds = (
  await db.selectFrom('clients').select('id').where('company_id', '=', company.id).execute()
).map((row) => row.id);
const entityIds = (await db.selectFrom('entities').select('id').execute()).map((row) => row.id);
const actor = { companyId: company.id, userId: user.id, clientIds: null } as Parameters<
  typeof createExport
>[1];
const log = createLogger('silent');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);

/** The row source alone: the keyset pages the API reads, nothing written. */
async function readOnly(query: ExportQuery) {
  const started = performance.now();
  let rows = 0;
  let pages = 0;
  for await (const batch of readEmbeddedRows(db, query)) {
    rows += batch.length;
    pages += 1;
  }
  console.log(`  pages only: ${rows.toLocaleString('en')} rows in ${pages} pages, ${seconds(started)} s`);
}

async function exportOnce(label: string) {
  const created = performance.now();
  const { id } = await createExport(
    db,
    actor,
    {
      type: 'transactions',
      format,
      client_ids: clientIds,
      entity_ids: entityIds,
      date_from: '1900-01-01',
      date_to: '2100-12-31',
      language: 'es',
    },
    new Date(),
    loadConfig({}).exportQueue,
  );
  const createdIn = seconds(created);
  const started = performance.now();
  let reading = 0;
  /** The same keyset pages, timed: reading them versus everything else (handing over, writing, storing). */
  async function* timedRows(query: ExportQuery) {
    const source = readEmbeddedRows(db, query)[Symbol.asyncIterator]();
    for (;;) {
      const before = performance.now();
      const next = await source.next();
      reading += performance.now() - before;
      if (next.done) return;
      yield next.value;
    }
  }
  const outcome = await runExport(
    { db, postgresUrl: null, clock: () => new Date(), log, expiryHours: 1, openRows: timedRows },
    id,
  );
  console.log(`  reading pages: ${(reading / 1000).toFixed(2)} s of it`);
  const row = await db
    .selectFrom('exports' as never)
    .select(['rows_written' as never, 'size_bytes' as never])
    .where('id' as never, '=', id as never)
    .executeTakeFirstOrThrow();
  console.log(
    `  ${label}: ${outcome}, ${JSON.stringify(row)}, created in ${createdIn} s, written in ${seconds(started)} s`,
  );
}

console.log(`Demo Wealth: ${clientIds.length} clients, ${format}`);
await readOnly({
  companyId: company.id,
  type: 'transactions',
  clientIds,
  entityIds,
  dateFrom: '1900-01-01',
  dateTo: '2100-12-31',
});
await exportOnce('first export (forks the worker)');
await exportOnce('second export (worker running)');
await exportHost.close();
await handle.close();
