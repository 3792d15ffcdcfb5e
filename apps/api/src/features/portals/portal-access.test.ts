import type { CallContract } from '@caudal/contract';
import * as contract from '@caudal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  assignPortalClients,
  createClient,
  createCredentials,
  createInvestment,
  createProduct,
  createTransactions,
} from '../seed/wealth-factories';
import { createSignedInPortalUser, type SignedInStaff, signInStaff } from './portals-fixtures';

/**
 * The portal user's fence, call by call: every session call of the contract, with the ids of a client of
 * the same company that is NOT assigned to the portal user. Reads answer 404 or an answer without that
 * client's data; staff-only calls and other modules answer 403; nothing changes in the database.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every mounted call of the contract, from every feature namespace (exports included, when present). */
function findSessionCalls(): CallContract[] {
  const found = new Map<string, CallContract>();
  for (const namespace of Object.values(contract)) {
    if (typeof namespace !== 'object' || namespace === null) continue;
    for (const value of Object.values(namespace)) {
      if (typeof value !== 'object' || value === null || !('path' in value) || !('access' in value)) continue;
      const call = value as CallContract;
      // Only calls the app mounts: a contract whose handler is still being written is not a call yet.
      if (call.access.kind === 'session' && t.app.callPaths.has(call.path)) found.set(call.path, call);
    }
  }
  return [...found.values()];
}

/** A client with one of everything, under credentials of its own. */
async function createBook(companyId: string, name: string) {
  const client = await createClient(t.db, {
    companyId,
    name,
    alias: `${name.toLowerCase().replace(/ /g, '-')}`,
  });
  const credentials = await createCredentials(t.db, {
    companyId,
    clientId: client.id,
    login: `${name}-login`,
  });
  const product = (kind: 'account' | 'portfolio' | 'liability') =>
    createProduct(t.db, {
      companyId,
      clientId: client.id,
      kind,
      credentialsId: credentials.id,
      name: `${name} ${kind}`,
    });
  const account = await product('account');
  const portfolio = await product('portfolio');
  const liability = await product('liability');
  const investment = await createInvestment(t.db, {
    companyId,
    portfolioId: portfolio.id,
    name: `${name} fondo`,
  });
  await createTransactions(t.db, { companyId, productId: account.id, count: 3 });
  return { client, credentials, account, portfolio, liability, investment, exportId: NO_EXPORT };
}
type Book = Awaited<ReturnType<typeof createBook>>;

/** An id of no export: replaced by a real one when the exports feature (issue 10) is mounted. */
const NO_EXPORT = '00000000-0000-4000-8000-000000000000';

/** The export calls, by path: they belong to another feature and may be absent from this build. */
const EXPORT_PATHS = {
  generate: '/platform/wealth/export-generate',
  status: '/platform/wealth/export-status',
  list: '/platform/wealth/export-list',
  downloadLink: '/platform/wealth/export-download-link',
} as const;

function exportBody(book: Book) {
  return { type: 'positions', format: 'csv', client_ids: [book.client.id], entity_ids: ['santander'] };
}

/** Staff export the book, so the matrix has a real export of a client the portal user may not see. */
async function exportAsStaff(staff: SignedInStaff, book: Book): Promise<Book> {
  if (!t.app.callPaths.has(EXPORT_PATHS.generate)) return book;
  const response = await staff.call(EXPORT_PATHS.generate, exportBody(book));
  expect(response.statusCode, response.body).toBe(200);
  return { ...book, exportId: response.json().id };
}

/** The body each wealth call takes, aimed at `book`. A call missing here gets the generic body. */
function bodyFor(path: string, book: Book): Record<string, unknown> {
  return knownBodies(book)[path] ?? genericBody(book);
}

function knownBodies(book: Book): Record<string, Record<string, unknown>> {
  const client = { client_id: book.client.id };
  const portfolio = { ...client, portfolio_id: book.portfolio.id };
  const bodies: Record<string, Record<string, unknown>> = {
    [contract.wealth.clientList.path]: { search: book.client.name },
    [contract.wealth.clientGet.path]: client,
    [contract.wealth.clientCreate.path]: { name: 'Nuevo', alias: `nuevo-${book.client.alias}`, entities: [] },
    [contract.wealth.clientEdit.path]: { ...client, name: 'Cambiado', alias: 'cambiado', entities: [] },
    [contract.wealth.clientDelete.path]: client,
    [contract.wealth.clientAccountList.path]: client,
    [contract.wealth.clientPortfolioList.path]: client,
    [contract.wealth.clientLiabilityList.path]: client,
    [contract.wealth.clientUnmatchProduct.path]: { ...client, product_id: book.account.id },
    [contract.wealth.productTransactionList.path]: { ...client, product_id: book.account.id },
    [contract.wealth.portfolioInvestmentList.path]: portfolio,
    [contract.wealth.portfolioTransactionList.path]: { ...portfolio, investment_id: book.investment.id },
    [contract.wealth.investmentGet.path]: { ...portfolio, investment_id: book.investment.id },
    [contract.wealth.clientBalanceHistory.path]: { ...client, range: 'all' },
    [contract.wealth.portfolioValueHistory.path]: { ...portfolio, range: 'all' },
    [contract.wealth.investmentHistory.path]: {
      ...portfolio,
      investment_id: book.investment.id,
      range: 'all',
    },
    [contract.connections.getCredentialsInformation.path]: {},
    [contract.connections.getCredentialCounts.path]: {},
    [contract.connections.getCredentialsIdentity.path]: { credentials_tokens: [book.credentials.token] },
    [contract.connections.getCredentialsProductHolders.path]: { credentials_token: book.credentials.token },
    [EXPORT_PATHS.generate]: exportBody(book),
    [EXPORT_PATHS.status]: { export_id: book.exportId },
    [EXPORT_PATHS.list]: {},
    [EXPORT_PATHS.downloadLink]: { export_id: book.exportId },
  };
  return bodies;
}

/** Every id a call might take, all pointing at `book`: for calls added after this test was written. */
function genericBody(book: Book): Record<string, unknown> {
  return {
    client_id: book.client.id,
    client_ids: [book.client.id],
    clients: [book.client.id],
    product_id: book.account.id,
    portfolio_id: book.portfolio.id,
    investment_id: book.investment.id,
    credentials_token: book.credentials.token,
    credentials_tokens: [book.credentials.token],
  };
}

/** Everything by which the answer could reveal the book. */
function markersOf(book: Book): string[] {
  return [
    book.client.id,
    book.client.name,
    book.client.alias,
    book.credentials.token,
    book.credentials.login,
    book.account.id,
    book.portfolio.id,
    book.liability.id,
    book.investment.id,
    ...(book.exportId === NO_EXPORT ? [] : [book.exportId]),
  ];
}

async function snapshot(companyId: string) {
  const count = async (table: 'clients' | 'products' | 'credentials' | 'portal_user_clients') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const clients = await t.db
    .selectFrom('clients')
    .select(['id', 'name', 'alias'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  const products = await t.db
    .selectFrom('products')
    .select(['id', 'client_id', 'hidden_at'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  // The exports table belongs to the exports feature: counted by plain SQL, when that feature is here.
  const exportsMade = t.app.callPaths.has(EXPORT_PATHS.generate)
    ? (
        await sql<{
          n: number;
        }>`select count(*)::int as n from exports where company_id = ${companyId}`.execute(t.db)
      ).rows[0]?.n
    : 0;
  return {
    clients,
    products,
    credentials: await count('credentials'),
    assignments: await count('portal_user_clients'),
    exportsMade,
  };
}

describe('a portal user, on every session call of the contract', () => {
  let staff: SignedInStaff;
  let assigned: Book;
  let other: Book;
  let portal: Awaited<ReturnType<typeof createSignedInPortalUser>>;

  beforeAll(async () => {
    staff = await signInStaff(t);
    assigned = await createBook(staff.companyId, 'Cliente Asignado');
    other = await exportAsStaff(staff, await createBook(staff.companyId, 'Cliente Ajeno'));
    portal = await createSignedInPortalUser(t, staff);
    await assignPortalClients(t.db, {
      userId: portal.user.id,
      companyId: staff.companyId,
      clientIds: [assigned.client.id],
    });
  });

  it('never reaches a client that is not assigned: 404, 403, or an answer without it; nothing changes', async () => {
    const calls = findSessionCalls().filter(
      (call) => call.access.kind === 'session' && call.access.module === 'wealth',
    );
    // The wealth module's calls this matrix knows by name: a regression guard for the list itself.
    const paths = calls.map((call) => call.path);
    for (const known of [contract.wealth.clientGet.path, contract.connections.getCredentialsIdentity.path]) {
      expect(paths).toContain(known);
    }
    // The export calls are in the matrix whenever the app mounts them.
    if (t.app.callPaths.has(EXPORT_PATHS.generate)) {
      for (const path of Object.values(EXPORT_PATHS)) expect(paths).toContain(path);
    }
    const before = await snapshot(staff.companyId);
    for (const call of calls) {
      const response = await portal.call(call.path, bodyFor(call.path, other));
      const status = response.statusCode;
      const staffOnly = call.access.kind === 'session' && call.access.staffOnly === true;
      if (staffOnly) {
        expect({ path: call.path, status, code: response.json().error?.code }).toEqual({
          path: call.path,
          status: 403,
          code: 'Forbidden',
        });
        continue;
      }
      // A call this matrix has no body for yet (one added later) may also refuse the generic body.
      const allowed = call.path in knownBodies(other) ? [200, 404] : [200, 404, 400];
      // An export of clients the user may not see is refused as a whole (422 UnknownClient).
      const refused = status === 422 && response.json().error?.code === 'UnknownClient';
      expect(refused || allowed.includes(status), `${call.path} answered ${status}`).toBe(true);
      for (const marker of markersOf(other)) {
        expect(response.body.includes(marker), `${call.path} revealed ${marker}`).toBe(false);
      }
    }
    expect(await snapshot(staff.companyId)).toEqual(before);
  });

  it('reaches the assigned client on the same calls (the 404s above are the fence, not a broken body)', async () => {
    const reads = findSessionCalls().filter(
      (call) => call.access.kind === 'session' && call.access.module === 'wealth' && !call.access.staffOnly,
    );
    for (const call of reads) {
      const response = await portal.call(call.path, bodyFor(call.path, assigned));
      if (!(call.path in KNOWN_READS)) continue;
      expect({ path: call.path, status: response.statusCode }).toEqual({ path: call.path, status: 200 });
      expect(response.body, call.path).toContain(KNOWN_READS[call.path]?.(assigned) ?? '');
    }
  });

  it('answers 403 on every call of a module other than wealth (portals included)', async () => {
    const others = findSessionCalls().filter(
      (call) => call.access.kind === 'session' && call.access.module && call.access.module !== 'wealth',
    );
    expect(others.map((call) => call.path)).toContain(contract.portals.listPortals.path);
    for (const call of others) {
      const response = await portal.call(call.path, {});
      expect({ path: call.path, status: response.statusCode, code: response.json().error?.code }).toEqual({
        path: call.path,
        status: 403,
        code: 'Forbidden',
      });
    }
  });

  it('keeps every answer to the assigned clients after an assignment changes, from the next call on', async () => {
    await t.db.deleteFrom('portal_user_clients').where('user_id', '=', portal.user.id).execute();
    for (const path of [contract.wealth.clientGet.path, contract.wealth.clientAccountList.path]) {
      const response = await portal.call(path, bodyFor(path, assigned));
      expect({ path, status: response.statusCode }).toEqual({ path, status: 404 });
    }
    expect((await portal.call(contract.wealth.clientList.path, {})).json()).toEqual([]);
    await assignPortalClients(t.db, {
      userId: portal.user.id,
      companyId: staff.companyId,
      clientIds: [assigned.client.id],
    });
  });
});

/** What a read must show of the assigned book: its own data, proving the call reached it. */
const KNOWN_READS: Record<string, (book: Book) => string> = {
  [contract.wealth.clientList.path]: (book) => book.client.id,
  [contract.wealth.clientGet.path]: (book) => book.client.id,
  [contract.wealth.clientAccountList.path]: (book) => book.account.id,
  [contract.wealth.clientPortfolioList.path]: (book) => book.portfolio.id,
  [contract.wealth.clientLiabilityList.path]: (book) => book.liability.id,
  [contract.wealth.portfolioInvestmentList.path]: (book) => book.investment.id,
  [contract.wealth.investmentGet.path]: (book) => book.investment.id,
  [contract.wealth.productTransactionList.path]: () => '"items":[{',
  [contract.connections.getCredentialsInformation.path]: (book) => book.credentials.token,
};
