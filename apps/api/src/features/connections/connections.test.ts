import { connections, deriveCredentialState, findCredentialRepair, VALIDATION } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecretKey } from '../../shared/crypto/sealing';
import { createLogCapture, createTestApp, type TestApp } from '../../test/test-app';
import { createClient, createCredentials, createProduct } from '../seed/wealth-factories';
import { type SignedInTenant, signInPortalUser, signInTenant } from '../wealth/wealth-fixtures';
import { createConnectToken } from './connect-tokens';
import {
  connect,
  createLink,
  credentialRow,
  informationOf,
  publicCall,
  refreshDeps,
  signInAgain,
  submit,
} from './connections-fixtures';
import { openCredentialSecret } from './credential-sealing';
import { seedConnectionStates } from './demo-states';
import { applyRefreshResult, enqueueDueRefreshes, refreshCredential } from './refresh';

let t: TestApp;
const logs = createLogCapture();
beforeAll(async () => {
  t = await createTestApp({ logger: logs.logger });
});
afterAll(() => t.close());

const HOUR = 60;

describe('connect flow', () => {
  it('connects without a client: credential, holders and pending products, and redirects back', async () => {
    const tenant = await signInTenant(t);
    const { credentialsToken, redirect } = await connect(t, tenant);
    expect(credentialsToken).toMatch(/^[\w-]{32,}$/);
    expect(redirect.origin).toBe(t.config.redirectBaseUrl);
    expect(redirect.pathname).toBe('/es/wealth/connections');
    expect(redirect.searchParams.get('fromlink')).toBe('true');

    const info = await informationOf(tenant, credentialsToken);
    expect(info).toMatchObject({
      bank: 'santander',
      client_id: null,
      status: { blocked: false, error: null },
    });
    expect(info?.products_count).toBeGreaterThan(0);
    expect(info?.status.last_update).toBe(t.clock().toISOString());

    const row = await credentialRow(t, credentialsToken);
    const products = await t.db
      .selectFrom('products')
      .selectAll()
      .where('credentials_id', '=', row.id)
      .execute();
    expect(products.length).toBe(info?.products_count);
    expect(
      products.every((product) => product.client_id === null && product.company_id === tenant.companyId),
    ).toBe(true);

    const identity = await tenant.call(connections.getCredentialsIdentity.path, {
      credentials_tokens: [credentialsToken],
    });
    const holders = identity.json()[0].holders;
    expect(holders.length).toBeGreaterThan(0);
    expect(holders[0]).toMatchObject({ name: expect.any(String), document: expect.any(String) });

    const productHolders = await tenant.call(connections.getCredentialsProductHolders.path, {
      credentials_token: credentialsToken,
    });
    const list = connections.getCredentialsProductHolders.response.parse(productHolders.json());
    expect(list.some((entry) => entry.relation === 'titular')).toBe(true);
    expect(new Set(list.map((entry) => entry.product_id))).toEqual(
      new Set(products.map((product) => product.id)),
    );
  });

  it("assigns the products to the link's client", async () => {
    const tenant = await signInTenant(t);
    const client = await createClient(t.db, { companyId: tenant.companyId });
    const { credentialsToken } = await connect(t, tenant, { clientId: client.id, username: 'demo-client-x' });
    const info = await informationOf(tenant, credentialsToken);
    expect(info).toMatchObject({ client_id: client.id, client_name: client.name });
    const row = await credentialRow(t, credentialsToken);
    const products = await t.db
      .selectFrom('products')
      .select('client_id')
      .where('credentials_id', '=', row.id)
      .execute();
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((product) => product.client_id === client.id)).toBe(true);
  });

  it('serves the session: mode, company, entities, sandbox credentials', async () => {
    const tenant = await signInTenant(t);
    const link = await createLink(tenant, { language: 'en' });
    expect(link.url).toBe(`${t.config.linkBaseUrl}/en/connect/${link.token}`);
    const session = connections.getConnectSession.response.parse(
      (await publicCall(t, connections.getConnectSession.path, { token: link.token })).json(),
    );
    expect(session).toMatchObject({
      mode: 'connect',
      company_name: tenant.company.name,
      entity_id: null,
      awaiting_sca: false,
    });
    expect(session.entities.some((entity) => entity.id === 'santander')).toBe(true);
    expect(session.sandbox_credentials.map((c) => c.outcome)).toEqual([
      'success',
      'sca',
      'invalid_access',
      'blocked',
      'down',
    ]);
  });

  it('asks for SCA, refuses a wrong code (422) and completes with the right one', async () => {
    const tenant = await signInTenant(t);
    const link = await createLink(tenant);
    const first = await submit(t, link.token, { username: 'demo-sca', password: 'demo', entity_id: 'bbva' });
    expect(first.json()).toEqual({ status: 'sca_required' });
    const session = (await publicCall(t, connections.getConnectSession.path, { token: link.token })).json();
    expect(session).toMatchObject({ awaiting_sca: true, entity_id: 'bbva' });
    const wrong = await publicCall(t, connections.submitConnectSca.path, {
      token: link.token,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('InvalidScaCode');
    const right = await publicCall(t, connections.submitConnectSca.path, {
      token: link.token,
      code: '123456',
    });
    expect(right.statusCode).toBe(200);
    const token = new URL(right.json().redirect_to).searchParams.get('credentials_token') ?? '';
    const info = await informationOf(tenant, token);
    expect(info).toMatchObject({ bank: 'bbva', status: { sca_token: null, blocked: false } });
    // The pending secret does not outlive the flow.
    const rows = await t.db
      .selectFrom('connect_tokens')
      .select('pending_secret')
      .where('company_id', '=', tenant.companyId)
      .execute();
    expect(rows.every((row) => row.pending_secret === null || row.pending_secret.startsWith('v1.'))).toBe(
      true,
    );
  });

  it('answers invalid access (422, token kept), blocked (423) and down (503)', async () => {
    const tenant = await signInTenant(t);
    const link = await createLink(tenant);
    const cases = [
      { username: 'demo-wrong', password: 'Very-Secret-Pw-42', status: 422, code: 'InvalidAccess' },
      { username: 'demo-ok', password: 'Another-Secret-Pw-43', status: 422, code: 'InvalidAccess' },
      { username: 'demo-blocked', password: 'demo', status: 423, code: 'CredentialsBlocked' },
      { username: 'demo-down', password: 'demo', status: 503, code: 'InstitutionDown' },
    ];
    for (const { username, password, status, code } of cases) {
      const response = await submit(t, link.token, { username, password });
      expect(response.statusCode).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    // None of them used the token up.
    expect((await submit(t, link.token, { username: 'demo-ok', password: 'demo' })).statusCode).toBe(200);
    const credentials = await t.db
      .selectFrom('credentials')
      .select('id')
      .where('company_id', '=', tenant.companyId)
      .execute();
    expect(credentials).toHaveLength(1);
  });

  it('works once, then InvalidConnectToken; expires after its TTL; unknown tokens are 404', async () => {
    const tenant = await signInTenant(t);
    const link = await createLink(tenant);
    expect((await submit(t, link.token, { username: 'demo-ok', password: 'demo' })).statusCode).toBe(200);
    const again = await submit(t, link.token, { username: 'demo-ok', password: 'demo' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('InvalidConnectToken');
    expect((await publicCall(t, connections.getConnectSession.path, { token: link.token })).statusCode).toBe(
      404,
    );
    expect((await publicCall(t, connections.getConnectSession.path, { token: 'nope' })).statusCode).toBe(404);

    const expiring = await createLink(tenant);
    t.clock.advanceMinutes(connections.CONNECT_TOKEN_TTL_MS / 60_000 + 1);
    const late = await submit(t, expiring.token, { username: 'demo-ok', password: 'demo' });
    expect(late.statusCode).toBe(404);
    expect(late.json().error.code).toBe('InvalidConnectToken');
  });

  it('keeps secrets sealed in the database and out of the logs', async () => {
    const tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant, { username: 'Sealed-User-77' });
    const row = await credentialRow(t, credentialsToken);
    expect(row.secret_ciphertext).toMatch(/^v1\./);
    const key = await loadSecretKey(t.db, t.config.credentialsKey);
    expect(openCredentialSecret(key, tenant.companyId, row.secret_ciphertext ?? '')).toEqual({
      username: 'Sealed-User-77',
      password: 'demo',
    });
    // Bound to its company: the same ciphertext does not open for another tenant.
    expect(() =>
      openCredentialSecret(key, '00000000-0000-4000-8000-000000000000', row.secret_ciphertext ?? ''),
    ).toThrow();
    const { login: _login, ...rest } = row;
    expect(JSON.stringify(rest)).not.toMatch(/"demo"|Sealed-User-77/);
    const text = logs.text();
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [
      'Very-Secret-Pw-42',
      'Another-Secret-Pw-43',
      'Sealed-User-77',
      row.secret_ciphertext ?? 'x',
    ]) {
      expect(text).not.toContain(secret);
    }
    // Never answered either.
    const info = await tenant.call(connections.getCredentialsInformation.path, {});
    expect(info.body).not.toContain(row.secret_ciphertext ?? 'x');
  });
});

describe('reset and reauthorisation', () => {
  it('resets an invalid-access credential with the right password, keeping its token and unblocking it', async () => {
    const tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant);
    await t.db
      .updateTable('credentials')
      .set({ blocked: true, error: 'invalid_access', status: 'error' })
      .where('token', '=', credentialsToken)
      .execute();
    const before = await informationOf(tenant, credentialsToken);
    expect(before && findCredentialRepair(before.status, t.clock())).toBe('reset');

    const reset = await tenant.call(connections.credentialsForceReset.path, {
      credentials_token: credentialsToken,
    });
    expect(reset.statusCode).toBe(200);
    const { reset_token, url } = reset.json();
    expect(url).toBe(`${t.config.linkBaseUrl}/es/connect/${reset_token}`);
    const session = (await publicCall(t, connections.getConnectSession.path, { token: reset_token })).json();
    expect(session).toMatchObject({ mode: 'reset', entity_id: 'santander' });

    expect((await submit(t, reset_token, { username: 'demo-ok', password: 'wrong' })).statusCode).toBe(422);
    expect(
      (await submit(t, reset_token, { username: 'demo-ok', password: 'demo', entity_id: 'bbva' })).statusCode,
    ).toBe(400);
    const done = await submit(t, reset_token, { username: 'demo-ok', password: 'demo' });
    expect(done.statusCode).toBe(200);
    expect(new URL(done.json().redirect_to).searchParams.get('credentials_token')).toBe(credentialsToken);
    const after = await informationOf(tenant, credentialsToken);
    expect(after?.status).toMatchObject({
      blocked: false,
      error: null,
      last_update: t.clock().toISOString(),
    });
    const count = await t.db
      .selectFrom('credentials')
      .select('id')
      .where('company_id', '=', tenant.companyId)
      .execute();
    expect(count).toHaveLength(1);
  });

  it('flips needsAction 20 h after the last success of an SCA credential, and an SCA link repairs it', async () => {
    let tenant = await signInTenant(t);
    const link = await createLink(tenant);
    await submit(t, link.token, { username: 'demo-sca', password: 'demo' });
    const done = await publicCall(t, connections.submitConnectSca.path, {
      token: link.token,
      code: '123456',
    });
    const token = new URL(done.json().redirect_to).searchParams.get('credentials_token') ?? '';
    const deps = await refreshDeps(t);
    const id = (await credentialRow(t, token)).id;

    t.clock.advanceMinutes(6 * HOUR);
    expect(await refreshCredential(deps, id)).toBe('ok');
    tenant = await signInAgain(t, tenant);
    let info = await informationOf(tenant, token);
    expect(info && deriveCredentialState(info.status, t.clock()).needsAction).toBe(false);

    t.clock.advanceMinutes(15 * HOUR); // 21 h after the SCA: the institution asks again
    expect(await refreshCredential(deps, id)).toBe('sca_required');
    tenant = await signInAgain(t, tenant);
    info = await informationOf(tenant, token);
    expect(info?.status.sca_token).toMatch(/^sca_/);
    expect(info && deriveCredentialState(info.status, t.clock()).needsAction).toBe(false); // last success 15 h ago

    t.clock.advanceMinutes(6 * HOUR);
    expect(await refreshCredential(deps, id)).toBe('sca_required');
    tenant = await signInAgain(t, tenant);
    info = await informationOf(tenant, token);
    expect(info && deriveCredentialState(info.status, t.clock()).needsAction).toBe(true);
    expect(info && findCredentialRepair(info.status, t.clock())).toBe('sca');

    const sca = await createLink(tenant, { credentials_token: token });
    const session = (await publicCall(t, connections.getConnectSession.path, { token: sca.token })).json();
    expect(session).toMatchObject({ mode: 'sca', awaiting_sca: true });
    expect(
      (await publicCall(t, connections.submitConnectSca.path, { token: sca.token, code: '1' })).statusCode,
    ).toBe(422);
    const ok = await publicCall(t, connections.submitConnectSca.path, { token: sca.token, code: '123456' });
    expect(new URL(ok.json().redirect_to).searchParams.get('credentials_token')).toBe(token);
    info = await informationOf(tenant, token);
    expect(info?.status).toMatchObject({ sca_token: null, last_update: t.clock().toISOString() });
    expect(info && deriveCredentialState(info.status, t.clock()).needsAction).toBe(false);
  });
});

describe('refresh and scheduler', () => {
  it('updates products in place, appends new movements without duplicates, and is idempotent', async () => {
    const tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant, { username: 'refresh-user' });
    const { id } = await credentialRow(t, credentialsToken);
    const snapshotOf = async () => {
      const products = await t.db
        .selectFrom('products')
        .select(['id', 'external_id'])
        .where('credentials_id', '=', id)
        .orderBy('id')
        .execute();
      const movements = await t.db
        .selectFrom('product_transactions')
        .select(['product_id', 'external_id'])
        .where(
          'product_id',
          'in',
          products.map((product) => product.id),
        )
        .execute();
      return { products, movements };
    };
    const before = await snapshotOf();
    const deps = await refreshDeps(t);
    t.clock.advanceMinutes(10 * 24 * HOUR);
    expect(await refreshCredential(deps, id)).toBe('ok');
    const after = await snapshotOf();
    expect(after.products).toEqual(before.products);
    expect(after.movements.length).toBeGreaterThan(before.movements.length);
    const keys = after.movements.map((movement) => `${movement.product_id}|${movement.external_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(await refreshCredential(deps, id)).toBe('ok');
    expect((await snapshotOf()).movements.length).toBe(after.movements.length);
    const info = await informationOf(await signInAgain(t, tenant), credentialsToken);
    expect(info?.status.last_update).toBe(t.clock().toISOString());
  });

  it('queues only due, unblocked credentials, one job per credential', async () => {
    const tenant = await signInTenant(t);
    const now = t.clock();
    const old = new Date(now.getTime() - 7 * HOUR * 60_000);
    const due = await createCredentials(t.db, { companyId: tenant.companyId, now: old });
    const fresh = await createCredentials(t.db, { companyId: tenant.companyId, now });
    const blocked = await createCredentials(t.db, { companyId: tenant.companyId, now: old });
    await t.db.updateTable('credentials').set({ blocked: true }).where('id', '=', blocked.id).execute();
    const sent: string[] = [];
    const queued = await enqueueDueRefreshes(t.db, now, { intervalMinutes: 360 }, async (credentialsId) => {
      sent.push(credentialsId);
      return true;
    });
    const mine = new Set([due.id, fresh.id, blocked.id]);
    expect(queued.filter((credentialsId) => mine.has(credentialsId))).toEqual([due.id]);
    const info = await informationOf(tenant, due.token);
    expect(info?.status.updating).toBe(true);
    // Already queued: the next sweep does not queue it again.
    const again = await enqueueDueRefreshes(t.db, now, { intervalMinutes: 360 }, async () => true);
    expect(again).not.toContain(due.id);
  });

  it('credentials-refresh marks the credential as updating', async () => {
    const tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant);
    const response = await tenant.call(connections.credentialsRefresh.path, {
      credentials_token: credentialsToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      credentials_token: credentialsToken,
      status: { updating: true },
    });
  });
});

describe('tenancy and scope', () => {
  it('keeps one company out of the other', async () => {
    const a = await signInTenant(t);
    const b = await signInTenant(t);
    const { credentialsToken } = await connect(t, a);
    const bList = (await b.call(connections.getCredentialsInformation.path, {})).json();
    expect(bList).toEqual([]);
    const identity = await b.call(connections.getCredentialsIdentity.path, {
      credentials_tokens: [credentialsToken],
    });
    expect(identity.json()).toEqual([]);
    for (const path of [
      connections.getCredentialsProductHolders.path,
      connections.credentialsDelete.path,
      connections.credentialsRefresh.path,
      connections.credentialsForceReset.path,
    ]) {
      const response = await b.call(path, { credentials_token: credentialsToken });
      expect(response.statusCode, path).toBe(404);
    }
    const sca = await b.call(connections.createConnectLink.path, {
      redirect_uri: '/es/wealth/connections',
      credentials_token: credentialsToken,
    });
    expect(sca.statusCode).toBe(404);
    const aClient = await createClient(t.db, { companyId: a.companyId });
    const foreign = await b.call(connections.createConnectLink.path, {
      redirect_uri: '/x',
      client_id: aClient.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await informationOf(a, credentialsToken)).toBeDefined();
  });

  it('rejects redirects to other sites', async () => {
    const tenant = await signInTenant(t);
    for (const redirect_uri of [
      'https://evil.test/steal',
      '//evil.test/steal',
      '/\\evil.test',
      'http://portal.caudal.test.evil.test/',
      'javascript:alert(1)',
      'http://user@evil.test/',
    ]) {
      const response = await tenant.call(connections.createConnectLink.path, { redirect_uri });
      expect(response.statusCode, redirect_uri).toBe(400);
      expect(response.json().error.code).toBe('ValidationError');
    }
    const forceReset = await tenant.call(connections.credentialsForceReset.path, {
      credentials_token: (await connect(t, tenant)).credentialsToken,
      redirect_uri: 'https://evil.test/',
    });
    expect(forceReset.statusCode).toBe(400);
    const own = await tenant.call(connections.createConnectLink.path, {
      redirect_uri: 'http://portal.caudal.test/en/wealth/connections?fromlink=true',
    });
    expect(own.statusCode).toBe(200);
  });

  it('shows a portal user only the credentials of assigned clients, and deletes with products', async () => {
    const tenant = await signInTenant(t);
    const mine = await createClient(t.db, { companyId: tenant.companyId });
    const other = await createClient(t.db, { companyId: tenant.companyId });
    const visible = await createCredentials(t.db, { companyId: tenant.companyId, clientId: mine.id });
    const hidden = await createCredentials(t.db, { companyId: tenant.companyId, clientId: other.id });
    await createCredentials(t.db, { companyId: tenant.companyId, clientId: null });
    const portal = await signInPortalUser(t, tenant);
    await t.db
      .insertInto('portal_user_clients')
      .values({ user_id: portal.userId, client_id: mine.id, company_id: tenant.companyId })
      .execute();
    const list = (await portal.call(connections.getCredentialsInformation.path, {})).json();
    expect(list.map((item: { credentials_token: string }) => item.credentials_token)).toEqual([
      visible.token,
    ]);
    expect(
      (await portal.call(connections.getCredentialsProductHolders.path, { credentials_token: hidden.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await portal.call(connections.credentialsDelete.path, { credentials_token: visible.token }))
        .statusCode,
    ).toBe(403);

    const { credentialsToken } = await connect(t, tenant);
    const { id } = await credentialRow(t, credentialsToken);
    const deleted = await tenant.call(connections.credentialsDelete.path, {
      credentials_token: credentialsToken,
    });
    expect(deleted.json()).toEqual({ success: true });
    const products = await t.db
      .selectFrom('products')
      .select('id')
      .where('credentials_id', '=', id)
      .execute();
    expect(products).toEqual([]);
    const filtered = (await tenant.call(connections.getCredentialsInformation.path, { bank: 'bbva' })).json();
    expect(filtered).toEqual([]);
  });
});

describe('demo states', () => {
  it('puts demo credentials in every state', async () => {
    const tenant = await signInTenant(t);
    for (let index = 0; index < 7; index += 1) {
      await createCredentials(t.db, {
        companyId: tenant.companyId,
        login: `demo-client-0${index}`,
        now: t.clock(),
      });
    }
    const summary = await seedConnectionStates(t.db, tenant.companyId, t.clock);
    expect(summary.healthy).toBe(3);
    const list = connections.getCredentialsInformation.response.parse(
      (await tenant.call(connections.getCredentialsInformation.path, {})).json(),
    );
    const byToken = new Map(list.map((item) => [item.credentials_token, item.status]));
    const state = (token: string | null) => {
      const status = byToken.get(token ?? '');
      if (!status) throw new Error('missing');
      return {
        ...deriveCredentialState(status, t.clock()),
        repair: findCredentialRepair(status, t.clock()),
        status,
      };
    };
    expect(state(summary.scaStale)).toMatchObject({ needsAction: true, repair: 'sca' });
    expect(state(summary.blocked)).toMatchObject({ needsAction: true, repair: 'force_reset' });
    expect(state(summary.invalidAccess)).toMatchObject({ needsAction: true, repair: 'reset' });
    expect(state(summary.down)).toMatchObject({
      needsAction: false,
      status: { error: 'down', blocked: false },
    });
    expect(list.filter((item) => !deriveCredentialState(item.status, t.clock()).needsAction)).toHaveLength(4);

    // The scheduler keeps them so: SCA keeps asking, down stays down, blocked ones are skipped.
    const deps = await refreshDeps(t);
    const idOf = async (token: string | null) => (await credentialRow(t, token ?? '')).id;
    expect(await refreshCredential(deps, await idOf(summary.scaStale))).toBe('sca_required');
    expect(await refreshCredential(deps, await idOf(summary.down))).toBe('down');
    expect(await refreshCredential(deps, await idOf(summary.blocked))).toBe('skipped');
  });
});

describe('reset and SCA links: once, expiring, newest only, own company', () => {
  const forceReset = async (tenant: SignedInTenant, credentialsToken: string) => {
    const response = await tenant.call(connections.credentialsForceReset.path, {
      credentials_token: credentialsToken,
    });
    if (response.statusCode !== 200) throw new Error(`force-reset: ${response.statusCode} ${response.body}`);
    return connections.credentialsForceReset.response.parse(response.json()).reset_token;
  };
  const sessionStatus = async (token: string) =>
    (await publicCall(t, connections.getConnectSession.path, { token })).statusCode;

  it('a reset token works once and expires after its TTL', async () => {
    let tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant);
    const resetToken = await forceReset(tenant, credentialsToken);
    expect((await submit(t, resetToken, { username: 'demo-ok', password: 'demo' })).statusCode).toBe(200);
    const again = await submit(t, resetToken, { username: 'demo-ok', password: 'demo' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('InvalidConnectToken');

    const expiring = await forceReset(tenant, credentialsToken);
    t.clock.advanceMinutes(connections.CONNECT_TOKEN_TTL_MS / 60_000 + 1);
    const late = await submit(t, expiring, { username: 'demo-ok', password: 'demo' });
    expect(late.statusCode).toBe(404);
    expect(late.json().error.code).toBe('InvalidConnectToken');
    tenant = await signInAgain(t, tenant);
    expect((await informationOf(tenant, credentialsToken))?.status.last_update).not.toBe(
      t.clock().toISOString(),
    );
  });

  it("is useless for another company: B cannot reset A's credential, and A's token only touches A", async () => {
    const a = await signInTenant(t);
    const b = await signInTenant(t);
    const aToken = (await connect(t, a, { username: 'demo-tenant-a' })).credentialsToken;
    const bToken = (await connect(t, b, { username: 'demo-tenant-b' })).credentialsToken;
    const aBefore = await credentialRow(t, aToken);
    const bBefore = await credentialRow(t, bToken);

    const foreign = await b.call(connections.credentialsForceReset.path, { credentials_token: aToken });
    expect(foreign.statusCode).toBe(404);

    // A token of company B naming A's credential (as if forged) acts on nothing.
    const { token: forged } = await createConnectToken(t.db, {
      companyId: b.companyId,
      kind: 'reset',
      clientId: null,
      credentialsId: aBefore.id,
      redirectUri: 'http://portal.caudal.test/',
      language: 'es',
      createdBy: null,
      now: t.clock(),
    });
    expect(await sessionStatus(forged)).toBe(404);
    const forgedSubmit = await submit(t, forged, { username: 'hijack', password: 'demo' });
    expect(forgedSubmit.statusCode).toBe(404);
    expect(forgedSubmit.json().error.code).toBe('InvalidConnectToken');

    // A's own reset token, used with B's data in hand, still only resets A's credential.
    t.clock.advanceMinutes(1);
    const resetToken = await forceReset(a, aToken);
    const done = await submit(t, resetToken, { username: 'demo-tenant-b', password: 'demo' });
    expect(done.statusCode).toBe(200);
    expect(new URL(done.json().redirect_to).searchParams.get('credentials_token')).toBe(aToken);
    expect((await credentialRow(t, aToken)).company_id).toBe(a.companyId);
    expect(await credentialRow(t, bToken)).toEqual(bBefore);
    const bCredentials = await t.db
      .selectFrom('credentials')
      .select('id')
      .where('company_id', '=', b.companyId)
      .execute();
    expect(bCredentials).toEqual([{ id: bBefore.id }]);
  });

  it('an SCA link cannot rebind the login through submit-credentials', async () => {
    const tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant, { username: 'demo-sca-owner' });
    const before = await credentialRow(t, credentialsToken);
    const sca = await createLink(tenant, { credentials_token: credentialsToken });
    const response = await submit(t, sca.token, { username: 'demo-attacker', password: 'demo' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('InvalidConnectToken');
    const after = await credentialRow(t, credentialsToken);
    expect(after.login).toBe('demo-sca-owner');
    expect(after.secret_ciphertext).toBe(before.secret_ciphertext);
    // The link itself is untouched: its SCA step still works.
    expect(await sessionStatus(sca.token)).toBe(200);
  });

  it('a new reset or SCA link revokes the earlier live ones of that credential and kind', async () => {
    const tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant);
    const firstReset = await forceReset(tenant, credentialsToken);
    const firstSca = (await createLink(tenant, { credentials_token: credentialsToken })).token;
    const secondReset = await forceReset(tenant, credentialsToken);
    expect(await sessionStatus(firstReset)).toBe(404);
    const stale = await submit(t, firstReset, { username: 'demo-ok', password: 'demo' });
    expect(stale.json().error.code).toBe('InvalidConnectToken');
    expect(await sessionStatus(firstSca)).toBe(200); // another kind: kept

    const secondSca = (await createLink(tenant, { credentials_token: credentialsToken })).token;
    expect(await sessionStatus(firstSca)).toBe(404);
    expect(await sessionStatus(secondSca)).toBe(200);
    expect(await sessionStatus(secondReset)).toBe(200);

    // Connect links name no credential: issuing one revokes nothing.
    const connectA = await createLink(tenant);
    const connectB = await createLink(tenant);
    expect(await sessionStatus(connectA.token)).toBe(200);
    expect(await sessionStatus(connectB.token)).toBe(200);
    expect((await submit(t, secondReset, { username: 'demo-ok', password: 'demo' })).statusCode).toBe(200);
  });

  it('answers an institution mismatch with validation.invalid', async () => {
    const tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant);
    const resetToken = await forceReset(tenant, credentialsToken);
    const response = await submit(t, resetToken, {
      username: 'demo-ok',
      password: 'demo',
      entity_id: 'bbva',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      expect.objectContaining({ path: ['entity_id'], message: VALIDATION.invalid }),
    ]);
  });
});

describe('refresh racing a reset', () => {
  it('a stale failure does not block a credential a reset repaired meanwhile', async () => {
    const tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant);
    // The refresh reads the credential, then the institution takes its time...
    const readAtStart = await credentialRow(t, credentialsToken);
    const startedAt = t.clock();
    t.clock.advanceMinutes(2);
    // ...while a reset repairs it.
    const reset = await tenant.call(connections.credentialsForceReset.path, {
      credentials_token: credentialsToken,
    });
    const resetToken = reset.json().reset_token;
    expect((await submit(t, resetToken, { username: 'demo-ok', password: 'demo' })).statusCode).toBe(200);
    const repaired = await credentialRow(t, credentialsToken);

    await applyRefreshResult(t.db, readAtStart, { outcome: 'invalid_access' }, startedAt, 1);
    expect(await credentialRow(t, credentialsToken)).toEqual(repaired);

    // A failure onto the credential as it is now still applies.
    t.clock.advanceMinutes(1);
    await applyRefreshResult(t.db, repaired, { outcome: 'invalid_access' }, t.clock(), 1);
    expect(await credentialRow(t, credentialsToken)).toMatchObject({
      blocked: true,
      error: 'invalid_access',
    });
  });

  it('a stale success does not overwrite the state and products of a reset meanwhile', async () => {
    const tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant);
    const readAtStart = await credentialRow(t, credentialsToken);
    const startedAt = t.clock();
    t.clock.advanceMinutes(2);
    const reset = await tenant.call(connections.credentialsForceReset.path, {
      credentials_token: credentialsToken,
    });
    expect(
      (await submit(t, reset.json().reset_token, { username: 'demo-ok', password: 'demo' })).statusCode,
    ).toBe(200);
    const repaired = await credentialRow(t, credentialsToken);
    const productsBefore = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('credentials_id', '=', repaired.id)
      .executeTakeFirstOrThrow();

    // The old login's refresh finishes late with its own state and an empty book.
    const stale = {
      outcome: 'ok' as const,
      state: { login: 'the old one' },
      snapshot: {
        entityId: 'santander',
        asOf: startedAt.toISOString(),
        holders: [],
        accounts: [],
        portfolios: [],
        liabilities: [],
      },
    };
    await applyRefreshResult(t.db, readAtStart, stale, startedAt, 1);
    expect(await credentialRow(t, credentialsToken)).toEqual(repaired);
    const productsAfter = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('credentials_id', '=', repaired.id)
      .executeTakeFirstOrThrow();
    expect(Number(productsAfter.n)).toBe(Number(productsBefore.n));
  });

  it('applies a failure onto a credential whose updated_at came from the database default', async () => {
    const tenant = await signInTenant(t);
    const row = await createCredentials(t.db, { companyId: tenant.companyId });
    await applyRefreshResult(t.db, row, { outcome: 'down' }, t.clock(), 1);
    expect(await credentialRow(t, row.token)).toMatchObject({ error: 'down', status: 'error' });
  });
});

describe('product scope through a credential', () => {
  it("shows a portal user only its clients' products and their holders; staff see them all", async () => {
    const tenant = await signInTenant(t);
    const mine = await createClient(t.db, { companyId: tenant.companyId });
    const other = await createClient(t.db, { companyId: tenant.companyId });
    const { credentialsToken } = await connect(t, tenant, { clientId: mine.id, username: 'demo-scope' });
    const credential = await credentialRow(t, credentialsToken);
    const [moved] = await t.db
      .selectFrom('products')
      .select('id')
      .where('credentials_id', '=', credential.id)
      .orderBy('id')
      .execute();
    if (!moved) throw new Error('no products');
    // Staff unlink one of the credential's products and match it to another client...
    await t.db.updateTable('products').set({ client_id: other.id }).where('id', '=', moved.id).execute();
    // ...and the credential also has a product nobody matched yet; each with a holder of its own.
    const unmatched = await createProduct(t.db, {
      companyId: tenant.companyId,
      credentialsId: credential.id,
      clientId: null,
    });
    for (const [productId, name, document] of [
      [moved.id, 'Titular Ajeno', 'Y0000000Y'],
      [unmatched.id, 'Titular Pendiente', 'P0000000P'],
    ] as const) {
      const holder = await t.db
        .insertInto('holders')
        .values({
          company_id: tenant.companyId,
          credentials_id: credential.id,
          external_id: `hld-${document}`,
          name,
          document,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('product_holders')
        .values({ product_id: productId, holder_id: holder.id, relation: 'titular' })
        .execute();
    }
    const mineIds = (
      await t.db
        .selectFrom('products')
        .select('id')
        .where('credentials_id', '=', credential.id)
        .where('client_id', '=', mine.id)
        .execute()
    ).map((product) => product.id);
    expect(mineIds.length).toBeGreaterThan(0);

    const portal = await signInPortalUser(t, tenant);
    await t.db
      .insertInto('portal_user_clients')
      .values({ user_id: portal.userId, client_id: mine.id, company_id: tenant.companyId })
      .execute();
    const productHolders = async (caller: { call: SignedInTenant['call'] }) =>
      connections.getCredentialsProductHolders.response.parse(
        (
          await caller.call(connections.getCredentialsProductHolders.path, {
            credentials_token: credentialsToken,
          })
        ).json(),
      );
    const identity = async (caller: { call: SignedInTenant['call'] }) =>
      (await caller.call(connections.getCredentialsIdentity.path, { credentials_tokens: [credentialsToken] }))
        .json()[0]
        .holders.map((holder: { document: string | null }) => holder.document);

    const portalList = await productHolders(portal);
    expect(new Set(portalList.map((entry) => entry.product_id))).toEqual(new Set(mineIds));
    expect(JSON.stringify(portalList)).not.toMatch(/Y0000000Y|P0000000P|Titular Ajeno|Titular Pendiente/);
    const portalDocuments = await identity(portal);
    expect(portalDocuments.length).toBeGreaterThan(0);
    expect(portalDocuments).not.toContain('Y0000000Y');
    expect(portalDocuments).not.toContain('P0000000P');
    const portalInfo = (await portal.call(connections.getCredentialsInformation.path, {})).json();
    expect(portalInfo).toMatchObject([
      { credentials_token: credentialsToken, products_count: mineIds.length },
    ]);

    const staffList = await productHolders(tenant);
    expect(new Set(staffList.map((entry) => entry.product_id))).toEqual(
      new Set([...mineIds, moved.id, unmatched.id]),
    );
    expect(await identity(tenant)).toEqual(expect.arrayContaining(['Y0000000Y', 'P0000000P']));
    expect((await informationOf(tenant, credentialsToken))?.products_count).toBe(mineIds.length + 2);
  });
});

describe('abuse limits of the hosted pages', () => {
  it('stops walking the SCA code space: ten tries per link an hour, even from many addresses', async () => {
    const tenant = await signInTenant(t);
    const link = await createLink(tenant);
    expect((await submit(t, link.token, { username: 'demo-sca', password: 'demo' })).json()).toEqual({
      status: 'sca_required',
    });
    const trySca = (code: string) =>
      publicCall(t, connections.submitConnectSca.path, { token: link.token, code });
    // publicCall gives each request its own address, as a distributed attack would.
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await trySca(String(100_000 + attempt))).statusCode).toBe(422);
    }
    const blocked = await trySca('123456');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RateLimited');

    // The window passes and the owner, with the right code, still finishes.
    t.clock.advanceMinutes(61);
    expect((await trySca('123456')).statusCode).toBe(200);
  });

  it('limits one address to 120 hosted-page calls in ten minutes without blocking others', async () => {
    const tenant = await signInTenant(t);
    const link = await createLink(tenant);
    const attacker = '198.51.100.7';
    const getSession = (ip: string) =>
      publicCall(t, connections.getConnectSession.path, { token: link.token }, ip);
    for (let call = 0; call < 120; call++) expect((await getSession(attacker)).statusCode).toBe(200);
    expect((await getSession(attacker)).statusCode).toBe(429);
    expect((await getSession('198.51.100.8')).statusCode).toBe(200);
    t.clock.advanceMinutes(11);
    expect((await getSession(attacker)).statusCode).toBe(200);
  });
});
