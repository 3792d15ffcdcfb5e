import { CREDENTIAL_PAGE_SIZE, connectionsDataApi, linksDataApi } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createApplicationFor, dataGet, getToken } from '../data-api/data-api-fixtures';
import { connectThroughLink, createLinkFor } from '../links/links-fixtures';
import { createCredentials } from '../seed/wealth-factories';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';

// The data API's credential routes: GET /api/v1/credentials pages in the database like the client list
// (page, page_size, total), and every credential route is open to a Links-only company as to a wealth one.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const LIST = connectionsDataApi.listCredentials.path;
const CREDENTIAL_PAGE = connectionsDataApi.listCredentials.response;

type Listed = { token: string; bank: string; createdAt: string };

async function listPage(token: string, query: Record<string, string | number>) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await dataGet(t.app, token, `${LIST}?${search}`);
  expect(response.statusCode, response.body).toBe(200);
  return CREDENTIAL_PAGE.parse(response.json());
}

/** Reads pages 1, 2, … until one comes back short, as the contract tells an integrator to. */
async function walk(token: string, query: Record<string, string | number> = {}) {
  const listed: Listed[] = [];
  const totals = new Set<number>();
  for (let page = 1; page <= 100; page += 1) {
    const answer = await listPage(token, { ...query, page });
    totals.add(answer.total);
    listed.push(
      ...answer.items.map((item) => ({
        token: item.credentials_token,
        bank: item.bank,
        createdAt: item.created_at,
      })),
    );
    if (answer.items.length < answer.page_size) return { listed, totals: [...totals], pages: page };
  }
  throw new Error('the walk never reached a short page');
}

/** `count` credentials of `bank`, created a minute apart in threes: every third shares its creation time. */
async function seedCredentials(companyId: string, bank: string, count: number) {
  const base = t.clock().getTime();
  const tokens: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const row = await createCredentials(t.db, { companyId, entityId: bank, now: t.clock() });
    await t.db
      .updateTable('credentials')
      .set({ created_at: new Date(base - (100 - Math.floor(index / 3)) * MINUTE) })
      .where('id', '=', row.id)
      .execute();
    tokens.push(row.token);
  }
  return tokens;
}

async function tokenFor(tenant: SignedInTenant) {
  return getToken(t, await createApplicationFor(tenant));
}

describe('GET /api/v1/credentials pages like the client list', () => {
  let token: string;
  let santander: string[];
  let bbva: string[];
  let theirs: string[];
  let theirToken: string;

  beforeAll(async () => {
    const tenant = await signInTenant(t);
    santander = await seedCredentials(tenant.companyId, 'santander', 20);
    bbva = await seedCredentials(tenant.companyId, 'bbva', 7);
    token = await tokenFor(tenant);
    const other = await signInTenant(t);
    theirs = [
      ...(await seedCredentials(other.companyId, 'santander', 4)),
      ...(await seedCredentials(other.companyId, 'bbva', 2)),
    ];
    theirToken = await tokenFor(other);
  });

  it('answers the first page at the default size, with the total', async () => {
    const first = await listPage(token, {});
    expect(first).toMatchObject({ page: 1, page_size: CREDENTIAL_PAGE_SIZE.default, total: 27 });
    expect(first.items).toHaveLength(CREDENTIAL_PAGE_SIZE.default);
    const past = await listPage(token, { page: 9 });
    expect(past).toMatchObject({ items: [], page: 9, total: 27 });
  });

  it('walks every credential exactly once, oldest connection first, in the same order every time', async () => {
    const walked = await walk(token, { page_size: 4 });
    expect(walked.pages).toBe(7);
    expect(walked.totals).toEqual([27]);
    const tokens = walked.listed.map((item) => item.token);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect([...tokens].sort()).toEqual([...santander, ...bbva].sort());
    const created = walked.listed.map((item) => item.createdAt);
    expect(created).toEqual([...created].sort());
    // Ties on the creation time (three share each) are broken the same way on every read.
    expect((await walk(token, { page_size: 5 })).listed.map((item) => item.token)).toEqual(tokens);
    expect(
      (await walk(token, { page_size: CREDENTIAL_PAGE_SIZE.max })).listed.map((item) => item.token),
    ).toEqual(tokens);
  });

  it('keeps the bank filter while paging, counting only that bank', async () => {
    const walked = await walk(token, { bank: 'bbva', page_size: 2 });
    expect(walked.pages).toBe(4);
    expect(walked.totals).toEqual([7]);
    expect(walked.listed.every((item) => item.bank === 'bbva')).toBe(true);
    expect(walked.listed.map((item) => item.token).sort()).toEqual([...bbva].sort());
    expect(await listPage(token, { bank: 'cajamar' })).toMatchObject({ items: [], total: 0 });
  });

  it('never lists another company’s credentials, on any page or bank', async () => {
    const queries: Record<string, string | number>[] = [{ page_size: 3 }, { bank: 'bbva', page_size: 1 }];
    for (const query of queries) {
      const mine = (await walk(token, query)).listed.map((item) => item.token);
      expect(mine.filter((listed) => theirs.includes(listed))).toEqual([]);
    }
    const walked = await walk(theirToken, { page_size: 2 });
    expect(walked.totals).toEqual([6]);
    expect(walked.listed.map((item) => item.token).sort()).toEqual([...theirs].sort());
  });

  it('refuses bad paging parameters with 400 ValidationError naming the parameter', async () => {
    const cases: [string, 'page' | 'page_size', string][] = [
      ['page=0', 'page', 'page must be at least 1.'],
      ['page=two', 'page', 'page must be a number.'],
      ['page=1.5', 'page', 'page must be a whole number.'],
      ['page=100001', 'page', 'page must be at most 100000.'],
      ['page_size=0', 'page_size', 'page_size must be at least 1.'],
      ['page_size=-5', 'page_size', 'page_size must be at least 1.'],
      [
        `page_size=${CREDENTIAL_PAGE_SIZE.max + 1}`,
        'page_size',
        `page_size must be at most ${CREDENTIAL_PAGE_SIZE.max}.`,
      ],
    ];
    for (const [query, field, issue] of cases) {
      const response = await dataGet(t.app, token, `${LIST}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'ValidationError',
        message: `The query parameter ${issue}`,
        issues: [{ path: ['query', field], message: issue }],
      });
    }
  });
});

describe('credential routes for a Links-only company', () => {
  let linksOnly: SignedInTenant;
  let linksToken: string;
  let credentialsToken: string;

  const credentialPath = (token: string) => `${LIST}/${encodeURIComponent(token)}`;
  const refresh = (bearer: string, token: string) =>
    t.app.inject({
      method: 'POST',
      url: `${credentialPath(token)}/refresh`,
      headers: { authorization: `Bearer ${bearer}` },
    });

  beforeAll(async () => {
    linksOnly = await signInTenant(t, { modules: ['applications', 'links'] });
    linksToken = await tokenFor(linksOnly);
    const link = await createLinkFor(linksOnly);
    const { code } = await connectThroughLink(t, link.token);
    const exchanged = await t.app.inject({
      method: 'POST',
      url: linksDataApi.exchangeLinkCode.path,
      headers: { authorization: `Bearer ${linksToken}` },
      payload: { code },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    credentialsToken = exchanged.json().credentials_token;
  });

  it('reads, lists and refreshes the credential its Link created', async () => {
    const read = await dataGet(t.app, linksToken, credentialPath(credentialsToken));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ credentials_token: credentialsToken, bank: 'santander' });

    const listed = await listPage(linksToken, {});
    expect(listed.total).toBe(1);
    expect(listed.items.map((item) => item.credentials_token)).toEqual([credentialsToken]);

    const refreshed = await refresh(linksToken, credentialsToken);
    expect(refreshed.statusCode, refreshed.body).toBe(202);
    expect(refreshed.json()).toEqual({ credentials_token: credentialsToken, status: 'queued' });
  });

  it('still refuses it the wealth data with 403 ModuleDisabled', async () => {
    for (const path of ['/api/v1/clients', '/api/v1/clients/c1/products/p1/transactions']) {
      const response = await dataGet(t.app, linksToken, path);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().error.code).toBe('ModuleDisabled');
    }
  });

  it('opens them to a wealth company without Links too', async () => {
    const wealthOnly = await signInTenant(t, { modules: ['wealth', 'applications'] });
    const [own] = await seedCredentials(wealthOnly.companyId, 'bbva', 1);
    const token = await tokenFor(wealthOnly);
    expect((await listPage(token, {})).items.map((item) => item.credentials_token)).toEqual([own]);
    expect((await dataGet(t.app, token, credentialPath(own ?? ''))).statusCode).toBe(200);
    expect((await refresh(token, own ?? '')).statusCode).toBe(202);
  });

  it('refuses a company with neither module with 403 ModuleDisabled', async () => {
    const neither = await signInTenant(t, { modules: ['applications', 'summary'] });
    const [own] = await seedCredentials(neither.companyId, 'bbva', 1);
    const token = await tokenFor(neither);
    for (const response of [
      await dataGet(t.app, token, LIST),
      await dataGet(t.app, token, credentialPath(own ?? '')),
      await refresh(token, own ?? ''),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('ModuleDisabled');
    }
  });

  it('keeps the credential from every other company: 404 on read and refresh, absent from lists', async () => {
    for (const modules of [
      ['applications', 'links'],
      ['wealth', 'applications', 'links'],
    ] as const) {
      const other = await signInTenant(t, { modules });
      const theirToken = await tokenFor(other);
      const read = await dataGet(t.app, theirToken, credentialPath(credentialsToken));
      expect(read.statusCode).toBe(404);
      expect(read.json().error.code).toBe('NotFound');
      expect((await refresh(theirToken, credentialsToken)).statusCode).toBe(404);
      expect(await listPage(theirToken, {})).toMatchObject({ items: [], total: 0 });
    }
  });
});
