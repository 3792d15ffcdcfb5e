import {
  type CredentialCounts,
  type CredentialInformation,
  connections,
  deriveCredentialState,
  SCA_STALE_AFTER_MS,
} from '@caudal/contract';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  DEMO_BOOK_TEST_TIMEOUT_MS,
  login,
  post,
  type TestApp,
} from '../../test/test-app';
import { assignPortalClients, createClient, createCredentials } from '../seed/wealth-factories';
import {
  type SignedInTenant,
  signInDemoBookTenant,
  signInPortalUser,
  signInTenant,
} from '../wealth/wealth-fixtures';

// The connections summary's figures (decision 0057): counted in SQL, they must equal what the page
// counted from the whole list before (the contract's deriveCredentialState over get-credentials-information).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Caller = Pick<SignedInTenant, 'call'>;

async function countsOf(caller: Caller): Promise<CredentialCounts> {
  const response = await caller.call(connections.getCredentialCounts.path, {});
  expect(response.statusCode, response.body).toBe(200);
  return connections.getCredentialCounts.response.parse(response.json());
}

async function wholeListOf(caller: Caller): Promise<CredentialInformation[]> {
  const response = await caller.call(connections.getCredentialsInformation.path, {});
  expect(response.statusCode, response.body).toBe(200);
  return connections.getCredentialsInformation.response.parse(response.json());
}

/** What the connections page computed from the whole list before this call existed. */
function countFromList(list: readonly CredentialInformation[], now: Date): CredentialCounts {
  const zero = () => ({ total: 0, blocked: 0, needs_action: 0, pending_sca: 0 });
  const counts = zero();
  const byEntity = new Map<string, ReturnType<typeof zero> & { last_update: string | null }>();
  for (const { bank, status } of list) {
    const entity = byEntity.get(bank) ?? { ...zero(), last_update: null };
    byEntity.set(bank, entity);
    for (const figures of [counts, entity]) {
      figures.total += 1;
      if (status.blocked) figures.blocked += 1;
      if (deriveCredentialState(status, now).needsAction) figures.needs_action += 1;
      if (status.sca_token !== null) figures.pending_sca += 1;
    }
    if (status.last_update && (!entity.last_update || status.last_update > entity.last_update))
      entity.last_update = status.last_update;
  }
  const entities = [...byEntity]
    .map(([entity_id, entity]) => ({ entity_id, ...entity }))
    .sort((a, b) => (a.entity_id < b.entity_id ? -1 : a.entity_id > b.entity_id ? 1 : 0));
  return { counts, entities };
}

interface CredentialState {
  entityId: string;
  clientId?: string | null;
  blocked?: boolean;
  error?: 'invalid_access' | 'blocked' | 'down' | null;
  scaToken?: string | null;
  /** The last success as SQL (microseconds where the case needs them); null: never updated. */
  lastSuccess: RawBuilder<Date> | null;
  /** The last attempt; null: no attempt ever finished. */
  lastAttempt?: Date | null;
  refreshRequestedAt?: Date | null;
}

async function createCredentialIn(companyId: string, state: CredentialState) {
  const row = await createCredentials(t.db, {
    companyId,
    entityId: state.entityId,
    clientId: state.clientId ?? null,
    now: t.clock(),
  });
  await t.db
    .updateTable('credentials')
    .set({
      blocked: state.blocked ?? false,
      error: state.error ?? null,
      sca_token: state.scaToken ?? null,
      last_success_at: state.lastSuccess,
      last_update: state.lastAttempt === undefined ? t.clock() : state.lastAttempt,
      refresh_requested_at: state.refreshRequestedAt ?? null,
    })
    .where('id', '=', row.id)
    .execute();
  return row;
}

/** `ms` before the test clock's now, plus `micros` microseconds (the database keeps them, JSON does not). */
function agoSql(ms: number, micros = 0) {
  const at = new Date(t.clock().getTime() - ms);
  return sql<Date>`${at}::timestamptz + make_interval(secs => ${micros / 1e6})`;
}

/**
 * A company's book with a credential in every state the figures tell apart, over three institutions and
 * two clients (and unassigned ones): fresh, blocked (both reasons), an outage, SCA fresh, SCA stale, SCA
 * on both sides of the 20 h bound to the microsecond, never updated with and without SCA, blocked with
 * SCA, a refresh under way. One institution has never updated at all (its last update is null).
 */
async function createBook(tenant: SignedInTenant) {
  const mine = await createClient(t.db, { companyId: tenant.companyId, name: 'Asignado' });
  const theirs = await createClient(t.db, { companyId: tenant.companyId, name: 'Ajeno' });
  const stale = SCA_STALE_AFTER_MS;
  const states: CredentialState[] = [
    { entityId: 'bbva', clientId: mine.id, lastSuccess: agoSql(MINUTE) },
    {
      entityId: 'bbva',
      clientId: mine.id,
      lastSuccess: agoSql(2 * HOUR),
      blocked: true,
      error: 'invalid_access',
    },
    { entityId: 'bbva', clientId: theirs.id, lastSuccess: agoSql(HOUR), scaToken: 'sca-fresh' },
    { entityId: 'bbva', clientId: mine.id, lastSuccess: agoSql(21 * HOUR), scaToken: 'sca-stale' },
    { entityId: 'bbva', lastSuccess: agoSql(stale), scaToken: 'sca-at-bound' },
    { entityId: 'bbva', clientId: mine.id, lastSuccess: agoSql(stale, 500), scaToken: 'sca-bound+0.5ms' },
    { entityId: 'bbva', clientId: theirs.id, lastSuccess: agoSql(stale, -500), scaToken: 'sca-bound-0.5ms' },
    { entityId: 'bbva', lastSuccess: agoSql(stale + 1), scaToken: 'sca-bound-1ms' },
    // Stale within the next 20 minutes (the clock test below moves past it).
    { entityId: 'bbva', clientId: mine.id, lastSuccess: agoSql(stale - 10 * MINUTE), scaToken: 'sca-soon' },
    {
      entityId: 'santander',
      clientId: mine.id,
      lastSuccess: agoSql(3 * HOUR),
      blocked: true,
      error: 'blocked',
    },
    {
      entityId: 'santander',
      lastSuccess: agoSql(5 * HOUR),
      blocked: true,
      error: 'blocked',
      scaToken: 'sca-b',
    },
    { entityId: 'santander', clientId: theirs.id, lastSuccess: agoSql(30 * MINUTE), error: 'down' },
    {
      entityId: 'santander',
      clientId: mine.id,
      lastSuccess: agoSql(4 * HOUR),
      refreshRequestedAt: new Date(t.clock().getTime() - MINUTE),
    },
    { entityId: 'santander', clientId: mine.id, lastSuccess: null, lastAttempt: null, scaToken: 'sca-never' },
    { entityId: 'caixabank', clientId: mine.id, lastSuccess: null, lastAttempt: null },
    { entityId: 'caixabank', lastSuccess: null, error: 'invalid_access', blocked: true },
  ];
  for (const state of states) await createCredentialIn(tenant.companyId, state);
  return { mine, theirs, total: states.length };
}

describe('the connections summary figures', () => {
  it('equal the counts taken from the whole list, for staff and for a portal user', async () => {
    const tenant = await signInTenant(t);
    const { mine, total } = await createBook(tenant);
    const portal = await signInPortalUser(t, tenant);
    await assignPortalClients(t.db, {
      userId: portal.userId,
      companyId: tenant.companyId,
      clientIds: [mine.id],
    });

    const staffCounts = await countsOf(tenant);
    const staffList = await wholeListOf(tenant);
    expect(staffList).toHaveLength(total);
    expect(staffCounts).toEqual(countFromList(staffList, t.clock()));
    // Not two empty answers agreeing: the book's own figures.
    expect(staffCounts.counts).toEqual({ total: 16, blocked: 4, needs_action: 8, pending_sca: 9 });
    expect(staffCounts.entities.map((entity) => [entity.entity_id, entity.total])).toEqual([
      ['bbva', 9],
      ['caixabank', 2],
      ['santander', 5],
    ]);
    expect(staffCounts.entities.find((entity) => entity.entity_id === 'caixabank')?.last_update).toBeNull();
    expect(staffCounts.entities.find((entity) => entity.entity_id === 'bbva')?.last_update).toBe(
      new Date(t.clock().getTime() - MINUTE).toISOString(),
    );

    const portalCounts = await countsOf(portal);
    const portalList = await wholeListOf(portal);
    expect(portalCounts).toEqual(countFromList(portalList, t.clock()));
    expect(portalCounts.counts).toEqual({ total: 9, blocked: 2, needs_action: 4, pending_sca: 4 });
  });

  it(
    'equal them on the demo book, for staff and for its portal user',
    async () => {
      const { tenant, portal, book } = await signInDemoBookTenant(t);
      const staffCounts = await countsOf(tenant);
      expect(staffCounts.counts.total).toBe(book.credentials);
      expect(staffCounts).toEqual(countFromList(await wholeListOf(tenant), t.clock()));
      const portalCounts = await countsOf(portal);
      expect(portalCounts.counts.total).toBeGreaterThan(0);
      expect(portalCounts.counts.total).toBeLessThan(book.credentials);
      expect(portalCounts).toEqual(countFromList(await wholeListOf(portal), t.clock()));
    },
    DEMO_BOOK_TEST_TIMEOUT_MS,
  );

  it("counts at the call's own clock: an SCA turns stale as time passes", async () => {
    const tenant = await signInTenant(t);
    await createBook(tenant);
    const before = await countsOf(tenant);
    t.clock.advanceMinutes(20);
    const after = await countsOf(tenant);
    expect(after).toEqual(countFromList(await wholeListOf(tenant), t.clock()));
    // sca-soon and the two SCA credentials at the bound went stale; nothing else changed.
    expect(after.counts.needs_action).toBe(before.counts.needs_action + 3);
    expect({ ...after.counts, needs_action: 0 }).toEqual({ ...before.counts, needs_action: 0 });
  });

  it('answers zeros and no institutions for a company without credentials and a portal user without clients', async () => {
    const tenant = await signInTenant(t);
    const empty = { counts: { total: 0, blocked: 0, needs_action: 0, pending_sca: 0 }, entities: [] };
    expect(await countsOf(tenant)).toEqual(empty);
    await createBook(tenant);
    const portal = await signInPortalUser(t, tenant);
    expect(await countsOf(portal)).toEqual(empty);
  });

  it("never counts another company's credentials", async () => {
    const a = await signInTenant(t);
    const b = await signInTenant(t);
    await createBook(a);
    await createCredentialIn(b.companyId, { entityId: 'bbva', lastSuccess: agoSql(MINUTE), blocked: true });
    await createCredentialIn(b.companyId, { entityId: 'ing', lastSuccess: null, scaToken: 'sca-b' });

    const ofA = await countsOf(a);
    expect(ofA.counts.total).toBe(16);
    expect(ofA.entities.map((entity) => entity.entity_id)).not.toContain('ing');
    expect(ofA).toEqual(countFromList(await wholeListOf(a), t.clock()));

    expect(await countsOf(b)).toEqual({
      counts: { total: 2, blocked: 1, needs_action: 2, pending_sca: 1 },
      entities: [
        {
          entity_id: 'bbva',
          total: 1,
          blocked: 1,
          needs_action: 1,
          pending_sca: 0,
          last_update: new Date(t.clock().getTime() - MINUTE).toISOString(),
        },
        { entity_id: 'ing', total: 1, blocked: 0, needs_action: 1, pending_sca: 1, last_update: null },
      ],
    });
  });

  it('is refused as the other connections calls are: no session, no wealth module, no wealth permission', async () => {
    const anonymous = await post(t.app, connections.getCredentialCounts.path, { payload: {} });
    expect(anonymous.statusCode).toBe(401);

    const withoutModule = await signInTenant(t, { modules: ['applications'] });
    for (const path of [connections.getCredentialCounts.path, connections.getCredentialsInformation.path]) {
      const response = await withoutModule.call(path, {});
      expect({ path, status: response.statusCode, code: response.json().error?.code }).toEqual({
        path,
        status: 403,
        code: 'ModuleDisabled',
      });
    }

    const tenant = await signInTenant(t);
    await createBook(tenant);
    const member = await createUser(t.db, { companyId: tenant.companyId, role: 'member', permissions: [] });
    const token = await login(t.app, {
      company: tenant.company.name,
      username: member.user.username,
      password: member.password,
    });
    for (const path of [connections.getCredentialCounts.path, connections.getCredentialsInformation.path]) {
      const response = await post(t.app, path, { token, payload: {} });
      expect({ path, status: response.statusCode, code: response.json().error?.code }).toEqual({
        path,
        status: 403,
        code: 'Forbidden',
      });
    }
  });

  it('takes no body or an empty one, and ignores what it does not know', async () => {
    const tenant = await signInTenant(t);
    await createBook(tenant);
    const noBody = await t.app.inject({
      method: 'POST',
      url: connections.getCredentialCounts.path,
      headers: { authorization: `Bearer ${tenant.token}` },
    });
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect(noBody.json().counts.total).toBe(16);
    expect((await countsOf({ call: (path) => tenant.call(path, { bank: 'bbva' }) })).counts.total).toBe(16);
  });
});
