import { exports as exportCalls, unmatched, wealth } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  assignPortalClients,
  createClient,
  createInvestment,
  createProduct,
  createTransactions,
} from '../seed/wealth-factories';
import { type SignedInTenant, signInPortalUser, signInTenant } from '../wealth/wealth-fixtures';
import { runExport } from './export-job';
import { downloadExport, exportJobDeps, generateExport } from './exports-fixtures';

/**
 * The QA case: a client created with only Abanca in its `entities`, then given two Bankinter products
 * from the unmatched list. The entities step must offer Bankinter (the bank it holds products at), and
 * the file made with what it offers must hold those products' rows.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Forks the export worker the first time: seconds on a loaded machine. */
const WORKER_TEST_TIMEOUT_MS = 60_000;

async function createPepe(tenant: SignedInTenant) {
  const companyId = tenant.companyId;
  const created = await tenant.call(wealth.clientCreate.path, {
    name: '+cmd Pepe',
    alias: `inj${Date.now().toString(36)}`,
    entities: ['abanca'],
  });
  expect(created.statusCode).toBe(200);
  const pepe = created.json<{ id: string }>();
  // Pending products found through a Bankinter connection (no client yet).
  const portfolio = await createProduct(t.db, {
    companyId,
    kind: 'portfolio',
    entityId: 'bankinter',
    name: 'Cartera de Fondos',
  });
  await createInvestment(t.db, { companyId, portfolioId: portfolio.id, name: 'Fondo Bankinter' });
  const account = await createProduct(t.db, {
    companyId,
    kind: 'account',
    entityId: 'bankinter',
    name: 'Cuenta Ahorro',
    iban: 'ES7601280000000000000001',
  });
  await createTransactions(t.db, { companyId, productId: account.id, count: 6, firstDate: '2026-11-20' });
  // Assigned as the unmatched page does it: one client-match-product call.
  const matched = await tenant.call(unmatched.clientMatchProduct.path, {
    _id: pepe.id,
    products: [portfolio.id, account.id],
  });
  expect(matched.statusCode).toBe(200);
  return { pepe, portfolio, account };
}

async function exportCsv(tenant: SignedInTenant, payload: Record<string, unknown>) {
  const id = await generateExport(tenant.call, { format: 'csv', language: 'es', ...payload });
  expect(await runExport(exportJobDeps(t), id)).toBe('ready');
  const { response } = await downloadExport(t, tenant.call, id);
  return response.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
}

describe('export-client-entities', { timeout: WORKER_TEST_TIMEOUT_MS }, () => {
  it('offers the banks a client holds products at besides its entities field, and their rows come out', async () => {
    const tenant = await signInTenant(t);
    const { pepe } = await createPepe(tenant);

    const answer = await tenant.call(exportCalls.exportClientEntities.path, { client_ids: [pepe.id] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([{ client_id: pepe.id, entity_ids: ['abanca', 'bankinter'] }]);

    // Matching a product leaves the client's own field as the user set it (the decision's other half).
    const client = await tenant.call(wealth.clientGet.path, { client_id: pepe.id });
    expect(client.json<{ entities: string[] }>().entities).toEqual(['abanca']);

    const entityIds = answer.json<{ entity_ids: string[] }[]>()[0]?.entity_ids ?? [];
    const positions = await exportCsv(tenant, {
      type: 'positions',
      client_ids: [pepe.id],
      entity_ids: entityIds,
    });
    expect(positions).toHaveLength(3);
    expect(positions.find((line) => line.includes('Cartera de Fondos'))).toContain('+cmd Pepe;');
    expect(positions.find((line) => line.includes('Cartera de Fondos'))).toContain(';Bankinter;');
    expect(positions.some((line) => line.includes(';Cuenta Ahorro;'))).toBe(true);

    const transactions = await exportCsv(tenant, {
      type: 'transactions',
      client_ids: [pepe.id],
      entity_ids: entityIds,
      date_from: '2026-11-01',
      date_to: '2026-11-30',
    });
    expect(transactions).toHaveLength(7);
    expect(transactions.slice(1).every((line) => line.includes(';Bankinter;Cuenta Ahorro;'))).toBe(true);
  });

  it('answers in the order the clients were chosen; a client with nothing answers an empty list', async () => {
    const tenant = await signInTenant(t);
    const { pepe } = await createPepe(tenant);
    const bare = await createClient(t.db, { companyId: tenant.companyId, name: 'Sin nada' });
    // Stored ids that left the catalogue are dropped; `-e` ids fall back to their base entity.
    const legacy = await createClient(t.db, {
      companyId: tenant.companyId,
      name: 'Antiguo',
      entityIds: ['no-such-bank', 'santander-e'],
    });
    const answer = await tenant.call(exportCalls.exportClientEntities.path, {
      client_ids: [bare.id, pepe.id, legacy.id, bare.id],
    });
    expect(answer.json()).toEqual([
      { client_id: bare.id, entity_ids: [] },
      { client_id: pepe.id, entity_ids: ['abanca', 'bankinter'] },
      { client_id: legacy.id, entity_ids: ['santander'] },
    ]);
  });

  it('refuses a client of another company, or one a portal user is not assigned, as export-generate does', async () => {
    const tenant = await signInTenant(t);
    const other = await signInTenant(t);
    const { pepe } = await createPepe(tenant);
    const theirs = await createClient(t.db, { companyId: other.companyId, entityIds: ['abanca'] });
    const refused = await tenant.call(exportCalls.exportClientEntities.path, {
      client_ids: [pepe.id, theirs.id],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: 'UnknownClient' } });
    expect(refused.body).not.toContain('abanca');

    const mine = await createClient(t.db, { companyId: tenant.companyId, entityIds: ['sabadell'] });
    const portal = await signInPortalUser(t, tenant);
    await assignPortalClients(t.db, {
      userId: portal.userId,
      companyId: tenant.companyId,
      clientIds: [mine.id],
    });
    const own = await portal.call(exportCalls.exportClientEntities.path, { client_ids: [mine.id] });
    expect(own.json()).toEqual([{ client_id: mine.id, entity_ids: ['sabadell'] }]);
    const notAssigned = await portal.call(exportCalls.exportClientEntities.path, { client_ids: [pepe.id] });
    expect(notAssigned.statusCode).toBe(422);
  });
});
