import { exports as exportCalls } from '@caudal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assignPortalClients, createClient } from '../seed/wealth-factories';
import { type SignedInTenant, signInPortalUser, signInTenant } from '../wealth/wealth-fixtures';
import { runExport } from './export-job';
import {
  createExportBook,
  downloadExport,
  exportJobDeps,
  generateExport,
  transactionsRequest,
} from './exports-fixtures';

/**
 * The wizard's select-all: the request names a search instead of ids, and the server resolves it when
 * the export is created, in the caller's scope.
 */
let t: TestApp;
let a: SignedInTenant;
let ana: { id: string };
let beto: { id: string };
let carlos: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  a = await signInTenant(t);
  ana = (await createExportBook(t, a.companyId, 'Filtro Ana')).client;
  beto = (await createExportBook(t, a.companyId, 'Filtro Beto')).client;
  carlos = (await createExportBook(t, a.companyId, 'Otro Carlos')).client;
});
afterAll(() => t.close());

const WORKER_TEST_TIMEOUT_MS = 60_000;

function filterRequest(filter: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const { client_ids: _ids, ...request } = transactionsRequest([], overrides);
  return { ...request, client_filter: filter };
}

/** The export's client count and the client names its CSV holds. */
async function exportedClients(tenant: Pick<SignedInTenant, 'call'>, payload: unknown) {
  const id = await generateExport(tenant.call, payload);
  const status = (await tenant.call(exportCalls.exportStatus.path, { export_id: id })).json();
  expect(await runExport(exportJobDeps(t), id)).toBe('ready');
  const text = (await downloadExport(t, tenant.call, id)).response.rawPayload.toString('utf8');
  const names = new Set(
    text
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(';')[0]),
  );
  return { count: status.clients_count as number, names: [...names].sort(), fileName: status.file_name };
}

describe('select-all by filter', { timeout: WORKER_TEST_TIMEOUT_MS }, () => {
  it('exports every client matching the search, and no other', async () => {
    const other = await signInTenant(t);
    await createExportBook(t, other.companyId, 'Filtro Zeta');
    const found = await exportedClients(a, filterRequest({ search: 'filtro' }));
    expect(found).toMatchObject({ count: 2, names: ['Filtro Ana', 'Filtro Beto'] });
    expect(found.fileName).toMatch(/^movimientos_2-clientes_/);
  });

  it('leaves out the unticked clients, and with no search takes every client', async () => {
    expect(
      await exportedClients(a, filterRequest({ search: 'filtro', except_ids: [beto.id] })),
    ).toMatchObject({
      count: 1,
      names: ['Filtro Ana'],
    });
    expect(await exportedClients(a, filterRequest({}))).toMatchObject({
      count: 3,
      names: ['Filtro Ana', 'Filtro Beto', 'Otro Carlos'],
    });
  });

  it('a portal user’s filter covers only their assigned clients', async () => {
    const portal = await signInPortalUser(t, a);
    await assignPortalClients(t.db, { userId: portal.userId, companyId: a.companyId, clientIds: [ana.id] });
    expect(await exportedClients(portal, filterRequest({ search: 'filtro' }))).toMatchObject({
      count: 1,
      names: ['Filtro Ana'],
    });
    expect(await exportedClients(portal, filterRequest({}))).toMatchObject({
      count: 1,
      names: ['Filtro Ana'],
    });
    // A search that matches only clients of the company they were not given: nothing to export.
    const none = await portal.call(exportCalls.exportGenerate.path, filterRequest({ search: 'carlos' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().error.issues).toEqual([
      { path: ['client_filter'], message: 'validation.exportClients' },
    ]);
    expect(carlos.id).toBeTruthy();
  });

  it('takes wildcard characters literally', async () => {
    const response = await a.call(exportCalls.exportGenerate.path, filterRequest({ search: '%' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0].path).toEqual(['client_filter']);
  });

  it('ids or a filter, not both and not neither', async () => {
    const both = await a.call(exportCalls.exportGenerate.path, {
      ...transactionsRequest([ana.id]),
      client_filter: { search: 'filtro' },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.issues).toContainEqual(
      expect.objectContaining({ path: ['client_filter'], message: 'validation.invalid' }),
    );
    const { client_ids: _ids, ...neither } = transactionsRequest([]);
    const response = await a.call(exportCalls.exportGenerate.path, neither);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toContainEqual(
      expect.objectContaining({ path: ['client_ids'], message: 'validation.exportClients' }),
    );
  });

  it('a search covering more clients than one export takes says to narrow it', async () => {
    const big = await signInTenant(t);
    const max = exportCalls.EXPORT_CLIENTS_MAX;
    await sql`
      insert into clients (company_id, name, alias)
      select ${big.companyId}::uuid, 'Masivo ' || g, 'm' || g from generate_series(1, ${max + 1}::int) as g
    `.execute(t.db);
    const response = await big.call(exportCalls.exportGenerate.path, filterRequest({ search: 'masivo' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { path: ['client_filter'], message: 'validation.exportTooManyClients', params: { n: max } },
    ]);
    const exactly = await createClient(t.db, { companyId: big.companyId, name: 'Masivo único' });
    const narrowed = await big.call(exportCalls.exportGenerate.path, filterRequest({ search: 'único' }));
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json().clients_count).toBe(1);
    expect(exactly.id).toBeTruthy();
  });
});
