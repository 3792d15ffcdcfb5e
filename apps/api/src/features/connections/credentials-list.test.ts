import { connections, TOTAL_COUNT_HEADER } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createClient, createCredentials } from '../seed/wealth-factories';
import { type SignedInTenant, signInPortalUser, signInTenant } from '../wealth/wealth-fixtures';

// The connections detail's list (decision 0052): one institution's credentials paged, searched and
// sorted in the database, the number of matches in x-total-count; the spec's empty body still answers all.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;

type Caller = Pick<SignedInTenant, 'call'>;

async function list(caller: Caller, body: Record<string, unknown>) {
  const response = await caller.call(connections.getCredentialsInformation.path, body);
  expect(response.statusCode, response.body).toBe(200);
  const items = connections.getCredentialsInformation.response.parse(response.json());
  return {
    tokens: items.map((item) => item.credentials_token),
    total: Number(response.headers[TOTAL_COUNT_HEADER]),
  };
}

async function addHolder(
  companyId: string,
  credentialsId: string,
  holder: { name: string; document?: string; email?: string },
) {
  await t.db
    .insertInto('holders')
    .values({
      company_id: companyId,
      credentials_id: credentialsId,
      external_id: `H-${holder.name}`,
      name: holder.name,
      document: holder.document ?? null,
      email: holder.email ?? null,
    })
    .execute();
}

/** Five credentials of one bank, created a minute apart, with distinct updates, consents, holders and clients. */
async function seedBank(tenant: SignedInTenant, bank = 'bbva') {
  const base = t.clock().getTime();
  const client = await createClient(t.db, {
    companyId: tenant.companyId,
    name: 'Núñez Holding',
    alias: 'NUNEZ-01',
  });
  const rows = [];
  for (let index = 0; index < 5; index += 1) {
    const row = await createCredentials(t.db, {
      companyId: tenant.companyId,
      entityId: bank,
      clientId: index === 4 ? client.id : null,
      // Consents end in the reverse order of creation.
      consentExpiresAt: new Date(base + (100 - index) * 86_400_000),
    });
    await t.db
      .updateTable('credentials')
      .set({
        created_at: new Date(base - (10 - index) * MINUTE),
        // The third was never updated; the others were, the second most recently.
        last_success_at: index === 2 ? null : new Date(base - (index === 1 ? 1 : 50 + index) * MINUTE),
      })
      .where('id', '=', row.id)
      .execute();
    await addHolder(tenant.companyId, row.id, {
      name: ['Ana Pérez', 'Luis Gómez', 'Marta 100% Ruiz', 'Pedro Sanz', 'Eva Soto'][index] ?? '',
      document: `DOC-${index}`,
      email: `holder${index}@mail.test`,
    });
    rows.push(row);
  }
  // Another institution's credential of the same company: never on this bank's pages.
  await createCredentials(t.db, { companyId: tenant.companyId, entityId: 'santander' });
  return { tokens: rows.map((row) => row.token), client };
}

describe('the connections detail list', () => {
  it('pages one bank in creation order and counts every match', async () => {
    const tenant = await signInTenant(t);
    const { tokens } = await seedBank(tenant);
    expect(await list(tenant, { bank: 'bbva', page: 1, page_size: 2 })).toEqual({
      tokens: tokens.slice(0, 2),
      total: 5,
    });
    expect(await list(tenant, { bank: 'bbva', page: 3, page_size: 2 })).toEqual({
      tokens: tokens.slice(4),
      total: 5,
    });
    // Past the end: no rows, the same total (the page goes back to the last one).
    expect(await list(tenant, { bank: 'bbva', page: 9, page_size: 2 })).toEqual({ tokens: [], total: 5 });
    // Without `page`, the spec's whole list, counted.
    expect(await list(tenant, { bank: 'bbva' })).toEqual({ tokens, total: 5 });
    expect((await list(tenant, {})).total).toBe(6);
  });

  it('sorts by creation, last update (never updated as the oldest) and consent end, both ways', async () => {
    const tenant = await signInTenant(t);
    const { tokens } = await seedBank(tenant);
    const [a, b, c, d, e] = tokens;
    const sorted = async (sort: string, order: string) =>
      (await list(tenant, { bank: 'bbva', sort, order, page: 1, page_size: 25 })).tokens;
    expect(await sorted('created_at', 'desc')).toEqual([e, d, c, b, a]);
    expect(await sorted('last_update', 'desc')).toEqual([b, a, d, e, c]);
    expect(await sorted('last_update', 'asc')).toEqual([c, e, d, a, b]);
    expect(await sorted('consent', 'asc')).toEqual([e, d, c, b, a]);
    expect(await sorted('consent', 'desc')).toEqual([a, b, c, d, e]);
  });

  it('searches by holder name, document and email, client name or alias, and token', async () => {
    const tenant = await signInTenant(t);
    const { tokens } = await seedBank(tenant);
    const found = async (search: string) => list(tenant, { bank: 'bbva', search, page: 1, page_size: 25 });
    expect(await found('pérez')).toEqual({ tokens: [tokens[0]], total: 1 });
    expect(await found('doc-3')).toEqual({ tokens: [tokens[3]], total: 1 });
    expect(await found('HOLDER1@')).toEqual({ tokens: [tokens[1]], total: 1 });
    expect(await found('núñez')).toEqual({ tokens: [tokens[4]], total: 1 });
    expect(await found('nunez-01')).toEqual({ tokens: [tokens[4]], total: 1 });
    const token = tokens[2] ?? '';
    expect(await found(token.slice(4, 16))).toEqual({ tokens: [token], total: 1 });
    // LIKE's wildcards are characters to look for, not patterns.
    expect(await found('100%')).toEqual({ tokens: [tokens[2]], total: 1 });
    expect(await found('%')).toEqual({ tokens: [tokens[2]], total: 1 });
    expect(await found('nobody at all')).toEqual({ tokens: [], total: 0 });
  });

  it("never shows or counts another company's credentials, even when they match", async () => {
    const tenant = await signInTenant(t);
    const other = await signInTenant(t);
    await seedBank(tenant);
    const theirs = await seedBank(other);
    const mine = await list(tenant, { bank: 'bbva', search: 'pérez', page: 1, page_size: 25 });
    expect(mine.total).toBe(1);
    expect(mine.tokens).not.toContain(theirs.tokens[0]);
    const all = await list(tenant, { bank: 'bbva', page: 1, page_size: 100 });
    expect(all.total).toBe(5);
    expect(all.tokens.some((token) => theirs.tokens.includes(token))).toBe(false);
    // Their client's alias finds nothing here either.
    const client = await createClient(t.db, { companyId: other.companyId, alias: 'ONLY-THEIRS' });
    const row = await createCredentials(t.db, {
      companyId: other.companyId,
      entityId: 'bbva',
      clientId: client.id,
    });
    expect(await list(tenant, { search: 'only-theirs', page: 1 })).toEqual({ tokens: [], total: 0 });
    expect(await list(other, { search: 'only-theirs', page: 1 })).toEqual({ tokens: [row.token], total: 1 });
  });

  it("shows a portal user only the assigned clients' credentials, in the page and in the count", async () => {
    const tenant = await signInTenant(t);
    const { tokens, client } = await seedBank(tenant);
    const portal = await signInPortalUser(t, tenant);
    expect(await list(portal, { bank: 'bbva', page: 1, page_size: 25 })).toEqual({ tokens: [], total: 0 });
    await t.db
      .insertInto('portal_user_clients')
      .values({ user_id: portal.userId, client_id: client.id, company_id: tenant.companyId })
      .execute();
    expect(await list(portal, { bank: 'bbva', page: 1, page_size: 25 })).toEqual({
      tokens: [tokens[4]],
      total: 1,
    });
    // An unassigned credential's holder is not a way in.
    expect(await list(portal, { bank: 'bbva', search: 'pérez', page: 1 })).toEqual({ tokens: [], total: 0 });
    expect(await list(portal, { bank: 'bbva' })).toEqual({ tokens: [tokens[4]], total: 1 });
  });

  it('answers every combination of filters, for staff and a portal user, its page agreeing with its count', async () => {
    // Each combination is its own compiled statement with a hand-listed parameter order (decision 0054):
    // a wrong order fails that combination's first call, and a page and count built apart would disagree.
    const tenant = await signInTenant(t);
    const { client } = await seedBank(tenant);
    const portal = await signInPortalUser(t, tenant);
    await t.db
      .insertInto('portal_user_clients')
      .values({ user_id: portal.userId, client_id: client.id, company_id: tenant.companyId })
      .execute();
    for (const [caller, everything] of [
      [tenant, 6],
      [portal, 1],
    ] as const) {
      expect((await list(caller, {})).total).toBe(everything);
      for (const bank of [undefined, 'bbva'])
        for (const search of [undefined, 'soto', 'doc-'])
          for (const consent of [undefined, 'expiring', 'expired'])
            for (const clientId of [undefined, client.id, 'not-a-uuid']) {
              const filters = { bank, search, consent, client_id: clientId };
              const whole = await list(caller, filters);
              const page = await list(caller, { ...filters, page: 1, page_size: 100 });
              expect(page, JSON.stringify(filters)).toEqual(whole);
              expect(whole.total, JSON.stringify(filters)).toBe(whole.tokens.length);
            }
    }
  });

  it('refuses a page size over the maximum and an unknown sort', async () => {
    const tenant = await signInTenant(t);
    for (const body of [
      { bank: 'bbva', page: 1, page_size: 101 },
      { bank: 'bbva', page: 0 },
      { bank: 'bbva', page: 1, sort: 'token' },
    ]) {
      const response = await tenant.call(connections.getCredentialsInformation.path, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('ValidationError');
    }
  });
});
