import { exports as exportCalls } from '@caudal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { createLogCapture, type TestApp } from '../../test/test-app';
import { createClient, createProduct } from '../seed/wealth-factories';
import type { ExportJobDeps } from './export-job';

/** What runExport needs in a test: the app's database and clock, PostgreSQL's URL when there is one. */
export function exportJobDeps(t: TestApp, overrides: Partial<ExportJobDeps> = {}): ExportJobDeps {
  return {
    db: t.db,
    postgresUrl: t.handle.kind === 'postgres' ? t.handle.connectionString : null,
    clock: t.clock,
    log: createLogCapture().logger,
    expiryHours: t.config.exportExpiryHours,
    ...overrides,
  };
}

/**
 * A client with an account at Santander holding three movements: one whose description is a formula,
 * one negative amount with exact cents, one plain. Dates 2025-01-10..12.
 */
export async function createExportBook(t: TestApp, companyId: string, name = 'Ana García') {
  const client = await createClient(t.db, { companyId, name, entityIds: ['santander'] });
  const account = await createProduct(t.db, {
    companyId,
    clientId: client.id,
    kind: 'account',
    entityId: 'santander',
    name: 'Cuenta nómina',
    iban: 'ES9121000418450200051332',
  });
  await sql`
    insert into product_transactions
      (company_id, product_id, external_id, operation_date, value_date, amount, balance, description)
    values
      (${companyId}::uuid, ${account.id}::uuid, 'a', '2025-01-10', '2025-01-10', 1500.00, 2500.00, 'Nómina enero'),
      (${companyId}::uuid, ${account.id}::uuid, 'b', '2025-01-11', null, -1234.56, 1265.44, '=HYPERLINK("http://x.test","pulsa")'),
      (${companyId}::uuid, ${account.id}::uuid, 'c', '2025-01-12', '2025-01-13', -0.01, 1265.43, '-resta; "comillas"')
  `.execute(t.db);
  return { client, account };
}

export function transactionsRequest(clientIds: string[], overrides: Record<string, unknown> = {}) {
  return {
    type: 'transactions',
    format: 'csv',
    client_ids: clientIds,
    entity_ids: ['santander'],
    date_from: '2025-01-01',
    date_to: '2025-01-31',
    language: 'es',
    ...overrides,
  };
}

type Call = (
  path: string,
  payload?: unknown,
) => Promise<{ statusCode: number; json: <T = { id: string; path: string }>() => T }>;

/** Queues an export through the API and answers its id. */
export async function generateExport(call: Call, payload: unknown): Promise<string> {
  const response = await call(exportCalls.exportGenerate.path, payload);
  if (response.statusCode !== 200) throw new Error(`generate failed: ${response.statusCode}`);
  return response.json().id;
}

/** Fetches the file through a download link, as the browser does. */
export async function downloadExport(t: TestApp, call: Call, exportId: string) {
  const link = await call(exportCalls.exportDownloadLink.path, { export_id: exportId });
  if (link.statusCode !== 200) throw new Error(`link failed: ${link.statusCode}`);
  const path: string = link.json().path;
  const response = await t.app.inject({ method: 'GET', url: path });
  return { path, response };
}

/** How many chunks an export's file has in the database (a test's view: no call reads this). */
export async function countExportChunks(db: Db, exportId: string): Promise<number> {
  const row = await db
    .selectFrom('export_chunks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('export_id', '=', exportId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
