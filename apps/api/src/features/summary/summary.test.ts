import {
  CREDENTIAL_UPDATING_MAX_MS,
  connections,
  deriveSummaryState,
  SCA_STALE_AFTER_MS,
  SUMMARY_LAST_CREDENTIALS,
  summary,
} from '@caudal/contract';
import type { Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialsTable } from '../../db/schema';
import { createTestApp, DEMO_BOOK_TEST_TIMEOUT_MS, type TestApp } from '../../test/test-app';
import { createClient, createCredentials, createProduct } from '../seed/wealth-factories';
import { signInDemoBookTenant, signInPortalUser, signInTenant } from '../wealth/wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Tenant = Awaited<ReturnType<typeof signInTenant>>;

async function getSummary(tenant: Tenant) {
  const response = await tenant.call(summary.getSummary.path);
  expect(response.statusCode, response.body).toBe(200);
  return summary.getSummary.response.parse(response.json());
}

/** The connections screens' view of the same credentials: what they derive from each status. */
async function connectionsStates(tenant: Tenant) {
  const response = await tenant.call(connections.getCredentialsInformation.path);
  expect(response.statusCode).toBe(200);
  const list = connections.getCredentialsInformation.response.parse(response.json());
  return new Map(
    list.map((item) => [
      item.credentials_token,
      { ...item, state: deriveSummaryState(item.status, t.clock()) },
    ]),
  );
}

async function setStatus(id: string, values: Updateable<CredentialsTable>) {
  if (Object.keys(values).length === 0) return;
  await t.db.updateTable('credentials').set(values).where('id', '=', id).execute();
}

describe('get-summary', () => {
  it(
    'counts the demo book in every state, as the connections screens derive them',
    async () => {
      const { tenant, book } = await signInDemoBookTenant(t);

      const answer = await getSummary(tenant);
      // The demo: one SCA stale, a blocked one and an invalid access (both blocked), one down, the rest ok.
      expect(answer.counts).toEqual({
        total: book.credentials,
        blocked: 2,
        pending: 0,
        sca: 1,
        down: 1,
        ok: book.credentials - 4,
      });

      const states = await connectionsStates(tenant);
      expect(states.size).toBe(book.credentials);
      const byEntity = new Map<
        string,
        { total: number; blocked: number; sca_token: number; pending: number }
      >();
      for (const item of states.values()) {
        const entry = byEntity.get(item.bank) ?? { total: 0, blocked: 0, sca_token: 0, pending: 0 };
        entry.total += 1;
        if (item.state === 'blocked') entry.blocked += 1;
        if (item.state === 'sca') entry.sca_token += 1;
        if (item.state === 'pending') entry.pending += 1;
        byEntity.set(item.bank, entry);
      }
      expect(answer.entities).toHaveLength(byEntity.size);
      for (const entity of answer.entities)
        expect(entity).toEqual({ id: entity.id, ...byEntity.get(entity.id) });
      // Most credentials first.
      const totals = answer.entities.map((entity) => entity.total);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));

      expect(answer.last_credentials).toHaveLength(SUMMARY_LAST_CREDENTIALS);
      for (const credential of answer.last_credentials) {
        const seen = states.get(credential.credentials_token);
        expect(credential.state).toBe(seen?.state);
        expect(credential.bank).toBe(seen?.bank);
        expect(credential.client_name).toBe(seen?.client_name);
        expect(credential.last_update).toBe(seen?.status.last_update);
      }
      const created = answer.last_credentials.map((credential) => credential.created_at);
      expect(created).toEqual([...created].sort().reverse());
    },
    DEMO_BOOK_TEST_TIMEOUT_MS,
  );

  it(
    'agrees with the contract derivation at every edge (SQL and TypeScript, same bounds)',
    async () => {
      const tenant = await signInTenant(t);
      const now = t.clock().getTime();
      const ago = (ms: number) => new Date(now - ms);
      const cases: Updateable<CredentialsTable>[] = [
        { blocked: true, error: 'blocked', sca_token: 'sca-x', refresh_requested_at: ago(1000) },
        { last_update: null, last_success_at: null },
        { refresh_requested_at: ago(CREDENTIAL_UPDATING_MAX_MS - 1000) },
        { refresh_requested_at: ago(CREDENTIAL_UPDATING_MAX_MS + 1000) },
        { sca_token: 'sca-a', last_success_at: ago(SCA_STALE_AFTER_MS + 1000) },
        { sca_token: 'sca-b', last_success_at: ago(SCA_STALE_AFTER_MS - 1000) },
        { sca_token: 'sca-c', last_success_at: null },
        { error: 'down', last_success_at: ago(3_600_000) },
        { error: 'invalid_access', blocked: true },
        { error: 'down', sca_token: 'sca-d', last_success_at: ago(SCA_STALE_AFTER_MS * 2) },
        {},
      ];
      for (const [index, values] of cases.entries()) {
        const credential = await createCredentials(t.db, {
          companyId: tenant.companyId,
          entityId: index % 2 ? 'bbva' : 'santander',
          now: ago(60_000),
        });
        await setStatus(credential.id, values);
      }
      const answer = await getSummary(tenant);
      const states = await connectionsStates(tenant);
      expect(answer.last_credentials).toHaveLength(Math.min(cases.length, SUMMARY_LAST_CREDENTIALS));
      for (const credential of answer.last_credentials) {
        expect(credential.state).toBe(states.get(credential.credentials_token)?.state);
      }
      const expected = { total: 0, blocked: 0, pending: 0, sca: 0, down: 0, ok: 0 };
      for (const item of states.values()) {
        expected.total += 1;
        expected[item.state] += 1;
      }
      expect(answer.counts).toEqual(expected);
      expect(expected).toEqual({ total: 11, blocked: 2, pending: 2, sca: 3, down: 1, ok: 3 });
    },
    DEMO_BOOK_TEST_TIMEOUT_MS,
  );

  it('answers zeros and empty lists for a company without credentials', async () => {
    const tenant = await signInTenant(t);
    expect(await getSummary(tenant)).toEqual({
      counts: { total: 0, blocked: 0, pending: 0, sca: 0, down: 0, ok: 0 },
      entities: [],
      last_credentials: [],
    });
  });

  it("never counts or lists another company's credentials", async () => {
    const a = await signInTenant(t);
    const b = await signInTenant(t);
    const client = await createClient(t.db, { companyId: b.companyId, name: 'Cliente B' });
    await createCredentials(t.db, { companyId: b.companyId, clientId: client.id });
    await createCredentials(t.db, { companyId: a.companyId });
    const answer = await getSummary(a);
    expect(answer.counts.total).toBe(1);
    expect(answer.last_credentials.map((credential) => credential.client_name)).toEqual([null]);
  });
});

describe('delete-credentials', () => {
  it('deletes the credential with its products, and it leaves connections too', async () => {
    const tenant = await signInTenant(t);
    const credential = await createCredentials(t.db, { companyId: tenant.companyId });
    await createProduct(t.db, { companyId: tenant.companyId, credentialsId: credential.id, kind: 'account' });
    const response = await tenant.call(summary.deleteCredentials.path, {
      credentials_token: credential.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await connectionsStates(tenant)).size).toBe(0);
    const products = await t.db
      .selectFrom('products')
      .select('id')
      .where('company_id', '=', tenant.companyId)
      .execute();
    expect(products).toEqual([]);
    expect((await getSummary(tenant)).counts.total).toBe(0);
  });

  it("answers NotFound for an unknown token or another company's, and deletes nothing", async () => {
    const a = await signInTenant(t);
    const b = await signInTenant(t);
    const theirs = await createCredentials(t.db, { companyId: b.companyId });
    for (const token of [theirs.token, 'no-such-token']) {
      const response = await a.call(summary.deleteCredentials.path, { credentials_token: token });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NotFound');
    }
    expect((await getSummary(b)).counts.total).toBe(1);
  });

  it('refuses a missing token with a field error', async () => {
    const tenant = await signInTenant(t);
    const response = await tenant.call(summary.deleteCredentials.path, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'ValidationError',
      issues: [{ path: ['credentials_token'] }],
    });
  });
});

describe('access', () => {
  it('is for staff of a company with the summary module', async () => {
    const withoutModule = await signInTenant(t, { modules: ['wealth'] });
    const withModule = await signInTenant(t);
    const portal = await signInPortalUser(t, withModule);
    const credential = await createCredentials(t.db, { companyId: withModule.companyId });
    for (const [path, body] of [
      [summary.getSummary.path, {}],
      [summary.deleteCredentials.path, { credentials_token: credential.token }],
    ] as const) {
      const disabled = await withoutModule.call(path, body);
      expect(disabled.statusCode).toBe(403);
      expect(disabled.json().error.code).toBe('ModuleDisabled');
      const forbidden = await portal.call(path, body);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error.code).toBe('Forbidden');
      const anonymous = await t.app.inject({ method: 'POST', url: path, payload: body });
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await getSummary(withModule)).counts.total).toBe(1);
  });
});
