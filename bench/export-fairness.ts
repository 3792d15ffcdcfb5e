// Claim (issue 21, decision 0024): one company's flood of exports does not stall another's. A portal
// user of company A asks for 40 big XLSX exports as fast as it can (the caps accept only some); a staff
// user of company B then asks for a one-client export. Printed: how many of A's were accepted, and the
// seconds from B's request until B's file is ready (target <= 10 s), with A's queue at that moment.
// Run twice: with the default caps, and with the caps lifted to 40 (the queue's fairness on its own).
// As in production: the API listening on 127.0.0.1 with its pg-boss workers and the export dispatcher
// (one general slot and one small slot by default: EXPORT_SLOTS / EXPORT_SMALL_SLOTS), the worker
// process writing the files. PostgreSQL only: DATABASE_URL, or caudal_bench.
//
//   npx tsx export-fairness.ts [--a-rows 20000]
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { exports as exportCalls } from '@caudal/contract';
import { sql } from 'kysely';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { Db } from '../apps/api/src/db/database';
import { exportJobs } from '../apps/api/src/features/exports';
import { exportHost } from '../apps/api/src/features/exports/export-host';
import { createCompany, createUser } from '../apps/api/src/features/seed/factories';
import { seedInstitutions } from '../apps/api/src/features/seed/seed';
import {
  assignPortalClients,
  createClient,
  createProduct,
} from '../apps/api/src/features/seed/wealth-factories';
import { systemClock } from '../apps/api/src/shared/clock';
import { startJobs } from '../apps/api/src/shared/jobs/jobs';
import { createLogger } from '../apps/api/src/shared/logger';
import { signIn } from './lib/api';
import { openBenchDatabase } from './lib/database';

const rowsFlag = process.argv.indexOf('--a-rows');
/** Movements in company A's client: each of A's exports is this many rows (far above 10,000). */
const A_ROWS = rowsFlag > 0 ? Number(process.argv[rowsFlag + 1]) : 20_000;
const FLOOD = 40;
const B_DEADLINE_MS = 120_000;

const target = await openBenchDatabase();
if (!target.databaseUrl) throw new Error('PostgreSQL only');
const { db } = target.handle;
await seedInstitutions(db);

async function companyWithBook(label: string, movements: number) {
  const company = await createCompany(db, { name: `Fairness ${label} ${Date.now()}` });
  const staff = await createUser(db, { companyId: company.id });
  const client = await createClient(db, { companyId: company.id, name: `${label} client` });
  const account = await createProduct(db, {
    companyId: company.id,
    clientId: client.id,
    kind: 'account',
    entityId: 'santander',
  });
  await sql`
    insert into product_transactions
      (company_id, product_id, external_id, operation_date, value_date, amount, balance, description)
    select ${company.id}::uuid, ${account.id}::uuid, 'm' || n, date '2025-01-01' + (n % 300), null,
      (n % 997) - 498.5, n * 1.5, 'Movimiento ' || n
    from generate_series(1, ${movements}::int) as n
  `.execute(db);
  return { company, staff, client };
}

async function post(base: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function exportRequest(clientId: string, format: 'xlsx' | 'csv') {
  return {
    type: 'transactions',
    format,
    client_ids: [clientId],
    entity_ids: ['santander'],
    date_from: '2025-01-01',
    date_to: '2025-12-31',
    language: 'es',
  };
}

async function scenario(name: string, env: Record<string, string>) {
  const config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATABASE_URL: target.databaseUrl ?? '',
      ...env,
    }),
    webRoot: '',
  };
  const log = createLogger('silent');
  const jobs = await startJobs(
    target.handle,
    [
      exportJobs({
        db,
        postgresUrl: target.databaseUrl,
        clock: systemClock,
        expiryHours: 1,
        queue: config.exportQueue,
      }),
    ],
    log,
  );
  const app = await buildApp({ config, db, logger: log, webRoot: null, jobs });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const a = await companyWithBook('A', A_ROWS);
  const portal = await createUser(db, { companyId: a.company.id, kind: 'portal' });
  await assignPortalClients(db, {
    userId: portal.user.id,
    companyId: a.company.id,
    clientIds: [a.client.id],
  });
  const b = await companyWithBook('B', 120);
  const aToken = await signIn(base, {
    company: a.company.name,
    username: portal.user.username,
    password: portal.password,
  });
  const bToken = await signIn(base, {
    company: b.company.name,
    username: b.staff.user.username,
    password: b.staff.password,
  });

  const loadBefore = loadavg()[0] ?? 0;
  const floodStarted = performance.now();
  const flood = await Promise.all(
    Array.from({ length: FLOOD }, () =>
      post(base, aToken, exportCalls.exportGenerate.path, exportRequest(a.client.id, 'xlsx')),
    ),
  );
  const floodMs = performance.now() - floodStarted;
  const accepted = flood.filter((response) => response.status === 200).length;
  const refusedCodes = new Set(
    flood
      .filter((response) => response.status !== 200)
      .map((response) => `${response.status} ${(response.body.error as { code?: string })?.code}`),
  );

  const bStarted = performance.now();
  const created = await post(
    base,
    bToken,
    exportCalls.exportGenerate.path,
    exportRequest(b.client.id, 'xlsx'),
  );
  if (created.status !== 200) throw new Error(`B's export refused: ${created.status}`);
  const bId = created.body.id as string;
  let bStatus = 'queued';
  while (performance.now() - bStarted < B_DEADLINE_MS) {
    const status = await post(base, bToken, exportCalls.exportStatus.path, { export_id: bId });
    bStatus = status.body.status as string;
    if (bStatus === 'ready' || bStatus === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const bSeconds = (performance.now() - bStarted) / 1000;
  const aStates = await db
    .selectFrom('exports')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('company_id', '=', a.company.id)
    .groupBy('status')
    .execute();
  const aNow = Object.fromEntries(aStates.map((row) => [row.status, Number(row.n)]));

  // Nothing lost: A's accepted exports all end ready.
  const drainStarted = performance.now();
  let aReady = 0;
  while (performance.now() - drainStarted < 600_000) {
    const left = await countOf(db, a.company.id, ['queued', 'running']);
    aReady = await countOf(db, a.company.id, ['ready']);
    if (left === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const drainSeconds = (performance.now() - floodStarted) / 1000;

  await app.close();
  await jobs.stop();
  await exportHost.close();
  return {
    name,
    floodMs,
    accepted,
    refused: [...refusedCodes].join(', ') || '-',
    bStatus,
    bSeconds,
    aAtB: `${aNow.running ?? 0} running, ${aNow.queued ?? 0} queued, ${aNow.ready ?? 0} ready`,
    aReady,
    drainSeconds,
    load: `${loadBefore.toFixed(1)}-${(loadavg()[0] ?? 0).toFixed(1)}`,
  };
}

async function countOf(database: Db, companyId: string, statuses: ('queued' | 'running' | 'ready')[]) {
  const row = await database
    .selectFrom('exports')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .where('status', 'in', statuses)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

console.log(`${target.label}: A's client ${A_ROWS.toLocaleString('en')} movements per export; B's 120`);
const runs = [
  await scenario('default caps (5 per user, 20 per company)', {}),
  await scenario('caps lifted to 40 (the queue alone)', {
    EXPORT_MAX_ACTIVE_PER_USER: String(FLOOD),
    EXPORT_MAX_ACTIVE_PER_COMPANY: String(FLOOD),
  }),
  await scenario('caps lifted, no small slot (turns alone)', {
    EXPORT_MAX_ACTIVE_PER_USER: String(FLOOD),
    EXPORT_MAX_ACTIVE_PER_COMPANY: String(FLOOD),
    EXPORT_SMALL_SLOTS: '0',
  }),
];
console.log(
  "\n| run | A's 40 requests ms | A accepted | A refused | B's export | B ready after s | A's queue when B ready | A ready (all accepted) | A drained after s | load avg |",
);
console.log('| --- | ---: | ---: | --- | --- | ---: | --- | ---: | ---: | --- |');
for (const run of runs) {
  console.log(
    `| ${run.name} | ${run.floodMs.toFixed(0)} | ${run.accepted} | ${run.refused} | ${run.bStatus} | ${run.bSeconds.toFixed(2)} | ${run.aAtB} | ${run.aReady} | ${run.drainSeconds.toFixed(1)} | ${run.load} |`,
  );
}
await target.handle.close();
