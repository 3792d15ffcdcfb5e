import { readFileSync } from 'node:fs';
import { exports as exportCalls } from '@caudal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogCapture, createTestApp, login, post, type TestApp } from '../../test/test-app';
import { assignPortalClients } from '../seed/wealth-factories';
import { signInPortalUser, signInTenant } from '../wealth/wealth-fixtures';
import { sweepExports } from './export-files.repository';
import { exportHost } from './export-host';
import { runExport } from './export-job';
import { EXPORT_ABANDONED_AFTER_MS, EXPORT_LEASE_MS } from './export-jobs';
import {
  countExportChunks,
  createExportBook,
  downloadExport,
  exportJobDeps,
  generateExport,
  transactionsRequest,
} from './exports-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BOM = '\uFEFF';
/**
 * An export forks the export worker (tsx and exceljs loading, seconds on a loaded machine) the first
 * time, and again after a test kills it: more than the default 20 s may pass before it answers.
 */
const WORKER_TEST_TIMEOUT_MS = 60_000;

/** The parent process id of `pid`, from /proc (Linux, where the tests run). */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

describe('CSV export', { timeout: WORKER_TEST_TIMEOUT_MS }, () => {
  it('writes UTF-8 with a BOM, es headers, exact negative amounts as numbers, formulas neutralised', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const id = await generateExport(a.call, transactionsRequest([client.id]));
    expect(await runExport(exportJobDeps(t), id)).toBe('ready');

    const status = (await a.call(exportCalls.exportStatus.path, { export_id: id })).json();
    expect(status).toMatchObject({ status: 'ready', rows_written: 3, clients_count: 1 });
    expect(status.file_name).toMatch(/^movimientos_.+_2025-01-01_2025-01-31\.csv$/);

    const { response } = await downloadExport(t, a.call, id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`filename="${status.file_name}"`);
    const text = response.rawPayload.toString('utf8');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(text.startsWith(BOM)).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'Cliente;Alias;Entidad;Producto;Tipo de producto;IBAN;Fecha de operación;Fecha valor;Concepto;Importe;Saldo;Divisa',
    );
    // Newest first; the formula gets an apostrophe, the amount stays a bare, exact negative number.
    expect(lines[1]).toContain(`12/01/2025;13/01/2025;"'-resta; ""comillas""";-0,01;1265,43;EUR`);
    expect(lines[2]).toContain(`11/01/2025;;"'=HYPERLINK(""http://x.test"",""pulsa"")";-1234,56;1265,44;EUR`);
    expect(lines[3]).toContain('Ana García;');
    expect(lines[3]).toContain(';Banco Santander;Cuenta nómina;Cuenta;ES9121000418450200051332;10/01/2025;');
    expect(lines[3]).toContain(';Nómina enero;1500,00;2500,00;EUR');
  });

  it('gives a download link once: the same URL a second time is a 404', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const id = await generateExport(a.call, transactionsRequest([client.id]));
    await runExport(exportJobDeps(t), id);
    const { path, response } = await downloadExport(t, a.call, id);
    expect(response.statusCode).toBe(200);
    expect(path).toMatch(/^\/platform\/wealth\/export-file\/[A-Za-z0-9_-]{22}$/);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${path.slice(0, -2)}xx` })).statusCode).toBe(404);
  });

  it('expires a download link after 60 seconds', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const id = await generateExport(a.call, transactionsRequest([client.id]));
    await runExport(exportJobDeps(t), id);
    const link = (await a.call(exportCalls.exportDownloadLink.path, { export_id: id })).json();
    t.clock.advanceSeconds(61);
    expect((await t.app.inject({ method: 'GET', url: link.path })).statusCode).toBe(404);
  });
});

describe('XLSX and JSON exports', { timeout: WORKER_TEST_TIMEOUT_MS }, () => {
  it('XLSX: numbers are number cells (negative too), text is string cells exactly as stored, en headers', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const id = await generateExport(
      a.call,
      transactionsRequest([client.id], { format: 'xlsx', language: 'en' }),
    );
    expect(await runExport(exportJobDeps(t), id)).toBe('ready');
    const { response } = await downloadExport(t, a.call, id);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(4);
    expect(sheet?.getRow(1).getCell(10).value).toBe('Amount');
    const formulaRow = sheet?.getRow(3);
    // A typed string cell: never calculated (a formula is its own element), so no apostrophe is added
    // to it, as the CSV must, and the text reads as the bank wrote it.
    expect(formulaRow?.getCell(9).value).toBe(`=HYPERLINK("http://x.test","pulsa")`);
    expect(formulaRow?.getCell(9).type).toBe(ExcelJS.ValueType.String);
    expect(formulaRow?.getCell(10).value).toBe(-1234.56);
    expect(formulaRow?.getCell(10).type).toBe(ExcelJS.ValueType.Number);
    expect(formulaRow?.getCell(7).value).toEqual(new Date('2025-01-11T00:00:00Z'));
    expect(sheet?.getRow(4).getCell(5).value).toBe('Account');
  });

  it('JSON: exact decimals as numbers, nulls kept, text untouched', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const id = await generateExport(a.call, transactionsRequest([client.id], { format: 'json' }));
    await runExport(exportJobDeps(t), id);
    const { response } = await downloadExport(t, a.call, id);
    const text = response.rawPayload.toString('utf8');
    expect(text).toContain('"amount":1500.00');
    const rows = JSON.parse(text);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({
      amount: -1234.56,
      value_date: null,
      description: '=HYPERLINK("http://x.test","pulsa")',
    });
  });

  it('custom: only the chosen columns, in their order; positions: one row per product and investment', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const custom = await generateExport(
      a.call,
      transactionsRequest([client.id], { type: 'custom', columns: ['amount', 'operation_date'] }),
    );
    await runExport(exportJobDeps(t), custom);
    const customText = (await downloadExport(t, a.call, custom)).response.rawPayload.toString('utf8');
    expect(customText.slice(1).trimEnd().split('\r\n')).toEqual([
      'Importe;Fecha de operación',
      '-0,01;12/01/2025',
      '-1234,56;11/01/2025',
      '1500,00;10/01/2025',
    ]);
    const positions = await generateExport(a.call, {
      ...transactionsRequest([client.id], { type: 'positions', format: 'json' }),
      date_from: null,
      date_to: null,
    });
    await runExport(exportJobDeps(t), positions);
    const rows = JSON.parse(
      (await downloadExport(t, a.call, positions)).response.rawPayload.toString('utf8'),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        product: 'Cuenta nómina',
        product_kind: 'Cuenta',
        balance: 1000.0,
        investment: null,
      }),
    ]);
  });
});

describe('validation', { timeout: WORKER_TEST_TIMEOUT_MS }, () => {
  it('names each field: no client, reversed dates, missing dates, no columns, no entity', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const cases: [Record<string, unknown>, string, string][] = [
      [transactionsRequest([]), 'client_ids', 'validation.exportClients'],
      [transactionsRequest([client.id], { date_from: '2025-02-01' }), 'date_from', 'validation.dateOrder'],
      [transactionsRequest([client.id], { date_to: null }), 'date_to', 'validation.required'],
      [transactionsRequest([client.id], { type: 'custom' }), 'columns', 'validation.exportColumns'],
      [transactionsRequest([client.id], { entity_ids: [] }), 'entity_ids', 'validation.exportEntities'],
      [
        transactionsRequest([client.id], { entity_ids: ['no-such-bank'] }),
        'entity_ids',
        'validation.exportEntities',
      ],
      [transactionsRequest([client.id], { format: 'pdf' }), 'format', 'validation.required'],
    ];
    for (const [payload, path, message] of cases) {
      const response = await a.call(exportCalls.exportGenerate.path, payload);
      expect({ path, status: response.statusCode }).toEqual({ path, status: 400 });
      expect(response.json().error.issues).toContainEqual(expect.objectContaining({ path: [path], message }));
    }
  });

  it("refuses another company's client, and an `-e` entity falls back to its base", async () => {
    const a = await signInTenant(t);
    const b = await signInTenant(t);
    const { client } = await createExportBook(t, b.companyId);
    const refused = await a.call(exportCalls.exportGenerate.path, transactionsRequest([client.id]));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('UnknownClient');
    const id = await generateExport(
      b.call,
      transactionsRequest([client.id], { entity_ids: ['santander-e'] }),
    );
    expect(await runExport(exportJobDeps(t), id)).toBe('ready');
    expect((await b.call(exportCalls.exportStatus.path, { export_id: id })).json().rows_written).toBe(3);
  });
});

describe('scope and lifetime', { timeout: WORKER_TEST_TIMEOUT_MS }, () => {
  it("answers 404 to another company's export id, on every call, and never lists it", async () => {
    const a = await signInTenant(t);
    const b = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const id = await generateExport(a.call, transactionsRequest([client.id]));
    await runExport(exportJobDeps(t), id);
    for (const path of [exportCalls.exportStatus.path, exportCalls.exportDownloadLink.path]) {
      const response = await b.call(path, { export_id: id });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NotFound');
    }
    expect((await b.call(exportCalls.exportList.path)).json()).toEqual([]);
    expect(
      (await a.call(exportCalls.exportList.path)).json().map((item: { id: string }) => item.id),
    ).toContain(id);
    expect((await a.call(exportCalls.exportStatus.path, { export_id: 'not-a-uuid' })).statusCode).toBe(404);
  });

  it('an expired file is gone: not listed, not downloadable, and the sweep deletes its chunks', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const id = await generateExport(a.call, transactionsRequest([client.id]));
    await runExport(exportJobDeps(t), id);
    const link = (await a.call(exportCalls.exportDownloadLink.path, { export_id: id })).json();
    expect(await countExportChunks(t.db, id)).toBe(1);
    t.clock.advanceMinutes(24 * 60 + 1);
    // The session idled out meanwhile: sign in again.
    const token = await login(t.app, a.credentials);
    const call = (path: string, payload: unknown = {}) => post(t.app, path, { token, payload });
    expect((await call(exportCalls.exportStatus.path, { export_id: id })).statusCode).toBe(404);
    expect((await call(exportCalls.exportDownloadLink.path, { export_id: id })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: link.path })).statusCode).toBe(404);
    expect((await call(exportCalls.exportList.path)).json()).toEqual([]);
    const swept = await sweepExports(t.db, t.clock(), {
      abandonedAfterMs: EXPORT_ABANDONED_AFTER_MS,
      leaseMs: EXPORT_LEASE_MS,
    });
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await countExportChunks(t.db, id)).toBe(0);
  });

  it('a job that fails half-way leaves no file and shows the failure', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const id = await generateExport(a.call, transactionsRequest([client.id]));
    const row = { client_name: 'x', description: 'y'.repeat(500), amount: '1.00' };
    async function* failing() {
      for (let batch = 0; batch < 5; batch += 1) yield Array.from({ length: 50 }, () => ({ ...row }));
      throw new Error('database went away');
    }
    const deps = exportJobDeps(t, { chunkBytes: 4096, openRows: failing });
    expect(await runExport(deps, id)).toBe('failed');
    expect(await countExportChunks(t.db, id)).toBe(0);
    const status = (await a.call(exportCalls.exportStatus.path, { export_id: id })).json();
    expect(status).toMatchObject({ status: 'failed', error: 'UnexpectedError', size_bytes: 0 });
    const link = await a.call(exportCalls.exportDownloadLink.path, { export_id: id });
    expect(link.statusCode).toBe(409);
    // A second run of the same job (a redelivery) does nothing.
    expect(await runExport(exportJobDeps(t), id)).toBe('skipped');
  });

  it('the file is written by the export worker process, never on the API process', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const capture = createLogCapture();
    const id = await generateExport(a.call, transactionsRequest([client.id], { format: 'xlsx' }));
    expect(await runExport(exportJobDeps(t, { log: capture.logger }), id)).toBe('ready');
    const ready = capture
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((line) => line.msg === 'export ready');
    // The bytes came from a child of this process: serialisation (and on PostgreSQL the cursor) ran there.
    expect(ready).toMatchObject({ exportId: id, rows: 3, writerPid: exportHost.pid });
    expect(ready.writerPid).not.toBe(process.pid);
    expect(parentOf(ready.writerPid)).toBe(process.pid);
  });

  it('a worker that dies mid-export fails it, leaves no file, and the next export gets a new worker', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const id = await generateExport(a.call, transactionsRequest([client.id]));
    const row = { client_name: 'x', description: 'y'.repeat(500), amount: '1.00' };
    let killedPid = 0;
    async function* rowsUntilTheWorkerDies() {
      yield Array.from({ length: 50 }, () => ({ ...row }));
      // Wait (bounded) until part of the file is stored, then kill the worker that writes it.
      for (let tries = 0; tries < 200 && (await countExportChunks(t.db, id)) === 0; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      killedPid = exportHost.pid ?? 0;
      process.kill(killedPid, 'SIGKILL');
      for (;;) yield Array.from({ length: 50 }, () => ({ ...row }));
    }
    const deps = exportJobDeps(t, { chunkBytes: 4096, openRows: rowsUntilTheWorkerDies });
    expect(await runExport(deps, id)).toBe('failed');
    expect(killedPid).toBeGreaterThan(0);
    expect(await countExportChunks(t.db, id)).toBe(0);
    expect((await a.call(exportCalls.exportStatus.path, { export_id: id })).json()).toMatchObject({
      status: 'failed',
      error: 'UnexpectedError',
    });
    const next = await generateExport(a.call, transactionsRequest([client.id]));
    expect(await runExport(exportJobDeps(t), next)).toBe('ready');
    expect(exportHost.pid).not.toBe(killedPid);
  });

  it('portal users export only their clients and see only their own exports', async () => {
    const a = await signInTenant(t);
    const mine = await createExportBook(t, a.companyId, 'Cliente asignado');
    const other = await createExportBook(t, a.companyId, 'Cliente ajeno');
    const portal = await signInPortalUser(t, a);
    await assignPortalClients(t.db, {
      userId: portal.userId,
      companyId: a.companyId,
      clientIds: [mine.client.id],
    });

    const refused = await portal.call(
      exportCalls.exportGenerate.path,
      transactionsRequest([mine.client.id, other.client.id]),
    );
    expect(refused.statusCode).toBe(422);
    const own = await generateExport(portal.call, transactionsRequest([mine.client.id]));
    await runExport(exportJobDeps(t), own);
    expect((await downloadExport(t, portal.call, own)).response.statusCode).toBe(200);

    // The staff's export of the same client is not the portal user's.
    const staffs = await generateExport(a.call, transactionsRequest([mine.client.id]));
    expect((await portal.call(exportCalls.exportStatus.path, { export_id: staffs })).statusCode).toBe(404);
    expect(
      (await portal.call(exportCalls.exportList.path)).json().map((item: { id: string }) => item.id),
    ).toEqual([own]);
    // Staff see the company's exports, the portal user's included.
    expect((await a.call(exportCalls.exportStatus.path, { export_id: own })).statusCode).toBe(200);

    // Once the client is no longer assigned, the export is not theirs to see.
    await t.db.deleteFrom('portal_user_clients').where('user_id', '=', portal.userId).execute();
    expect((await portal.call(exportCalls.exportStatus.path, { export_id: own })).statusCode).toBe(404);
    expect((await portal.call(exportCalls.exportDownloadLink.path, { export_id: own })).statusCode).toBe(404);
  });

  it('lists the documents export2 offers', async () => {
    const a = await signInTenant(t);
    const response = await a.call(exportCalls.getAvailableExports.path);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({ id: 'transactions.xlsx', type: 'transactions', format: 'xlsx' });
    const noWealth = await signInTenant(t, { modules: ['applications'] });
    expect((await noWealth.call(exportCalls.getAvailableExports.path)).statusCode).toBe(403);
  });
});
