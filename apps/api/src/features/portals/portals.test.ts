import { PORTAL_CLIENTS_MAX, portals, wealth } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPasswordCorrect } from '../../shared/auth/passwords';
import { findAuditEvents } from '../../test/audit-events';
import { createTestApp, login, type TestApp } from '../../test/test-app';
import { createUser } from '../seed/factories';
import { createClient } from '../seed/wealth-factories';
import {
  createSignedInPortalUser,
  portalForm,
  type SignedInStaff,
  STRONG_PASSWORD,
  signInAs,
  signInStaff,
} from './portals-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createPortal(staff: SignedInStaff, overrides: Record<string, unknown> = {}) {
  const body = portalForm(overrides);
  const response = await staff.call(portals.createPortal.path, body);
  expect(response.statusCode, response.body).toBe(200);
  return { body, user: response.json() };
}

const clientIdsOf = (response: { json(): unknown }) =>
  (response.json() as { id: string }[]).map((client) => client.id);

describe('create-portal', () => {
  it('creates a portal user with a hashed password and its clients, who signs in and sees only those', async () => {
    const staff = await signInStaff(t);
    const zeta = await createClient(t.db, { companyId: staff.companyId, name: 'Zeta Inversiones' });
    const alfa = await createClient(t.db, { companyId: staff.companyId, name: 'Alfa Patrimonio' });
    const other = await createClient(t.db, { companyId: staff.companyId, name: 'Otro' });

    const { body, user } = await createPortal(staff, { client_ids: [zeta.id, alfa.id, zeta.id] });
    expect(user).toMatchObject({
      username: body.username,
      email: body.email,
      name: body.name,
      client_count: 2,
      clients: [
        { id: alfa.id, name: 'Alfa Patrimonio', alias: alfa.alias },
        { id: zeta.id, name: 'Zeta Inversiones', alias: zeta.alias },
      ],
    });
    expect(user.client_ids).toEqual([alfa.id, zeta.id]);
    expect(JSON.stringify(user)).not.toContain(STRONG_PASSWORD);

    const stored = await t.db
      .selectFrom('users')
      .select(['password_hash', 'kind'])
      .where('company_id', '=', staff.companyId)
      .where('username', '=', body.username)
      .executeTakeFirstOrThrow();
    expect(stored.kind).toBe('portal');
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(await isPasswordCorrect(stored.password_hash ?? '', STRONG_PASSWORD)).toBe(true);

    const portal = await signInAs(t, staff, body.username, STRONG_PASSWORD);
    const listed = await portal.call(wealth.clientList.path, { page: 1 });
    expect(clientIdsOf(listed).sort()).toEqual([alfa.id, zeta.id].sort());
    expect((await portal.call(wealth.clientGet.path, { client_id: other.id })).statusCode).toBe(404);
  });

  it('refuses a username taken in the company (any case, staff or portal) with 409 DuplicatedUsername', async () => {
    const staff = await signInStaff(t);
    const { body } = await createPortal(staff);
    for (const username of [body.username, body.username.toUpperCase(), staff.user.username]) {
      const response = await staff.call(portals.createPortal.path, portalForm({ username }));
      expect({ username, status: response.statusCode, code: response.json().error.code }).toEqual({
        username,
        status: 409,
        code: 'DuplicatedUsername',
      });
    }
    // Another company may use the same username.
    const elsewhere = await signInStaff(t);
    const response = await elsewhere.call(portals.createPortal.path, portalForm({ username: body.username }));
    expect(response.statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent creates of one username through; the other gets 409', async () => {
    const staff = await signInStaff(t);
    const username = `race-${Date.now().toString(36)}`;
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => staff.call(portals.createPortal.path, portalForm({ username }))),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.code).toBe('DuplicatedUsername');
    }
    const rows = await t.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', staff.companyId)
      .where('username', '=', username)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 400 with the spec’s validation keys per field, and writes nothing', async () => {
    const staff = await signInStaff(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: '' }, 'username', 'validation.required'],
      [{ username: '   ' }, 'username', 'validation.blank'],
      [{ username: 'ab' }, 'username', 'validation.minLength'],
      [{ username: 'con espacio' }, 'username', 'validation.invalidCharacter'],
      [{ username: 'x'.repeat(65) }, 'username', 'validation.maxLength'],
      [{ email: 'not-an-email' }, 'email', 'validation.email'],
      [{ email: undefined }, 'email', 'validation.required'],
      [{ name: '' }, 'name', 'validation.required'],
      [{ password: '' }, 'password', 'validation.required'],
      [{ password: 'short1A' }, 'password', 'validation.password'],
      [{ password: 'alllowercase1' }, 'password', 'validation.password'],
      [{ password: 'ALLUPPERCASE1' }, 'password', 'validation.password'],
      [{ password: 'NoDigitsOrSymbols' }, 'password', 'validation.password'],
      [{ client_ids: 'abc' }, 'client_ids', 'validation.invalid'],
    ];
    for (const [override, field, message] of cases) {
      const response = await staff.call(portals.createPortal.path, portalForm(override));
      const error = response.json().error;
      expect({ override, status: response.statusCode, code: error.code }).toEqual({
        override,
        status: 400,
        code: 'ValidationError',
      });
      expect(error.issues.find((issue: { path: string[] }) => issue.path[0] === field)?.message).toBe(
        message,
      );
    }
    const tooMany = Array.from({ length: PORTAL_CLIENTS_MAX + 1 }, (_, i) => `id-${i}`);
    expect(
      (await staff.call(portals.createPortal.path, portalForm({ client_ids: tooMany }))).statusCode,
    ).toBe(400);
    // Symbols count as the "number and/or symbol" of the policy.
    expect(
      (await staff.call(portals.createPortal.path, portalForm({ password: 'Sin-Numero' }))).statusCode,
    ).toBe(200);
    const users = await t.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', staff.companyId)
      .where('kind', '=', 'portal')
      .execute();
    expect(users).toHaveLength(1);
  });

  it('refuses client ids of another company (the attack) or of no client, and writes nothing', async () => {
    const staff = await signInStaff(t);
    const mine = await createClient(t.db, { companyId: staff.companyId });
    const victim = await signInStaff(t);
    const theirs = await createClient(t.db, {
      companyId: victim.companyId,
      name: 'Cliente de otra compañía',
    });
    for (const ids of [
      [theirs.id],
      [mine.id, theirs.id],
      ['not-a-uuid'],
      ['00000000-0000-4000-8000-000000000000'],
    ]) {
      const body = portalForm({ client_ids: ids });
      const response = await staff.call(portals.createPortal.path, body);
      expect({ ids, status: response.statusCode, code: response.json().error.code }).toEqual({
        ids,
        status: 422,
        code: 'UnknownClient',
      });
      expect(response.body).not.toContain('Cliente de otra compañía');
      const user = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', body.username)
        .executeTakeFirst();
      expect(user).toBeUndefined();
    }
    const assignments = await t.db
      .selectFrom('portal_user_clients')
      .select('user_id')
      .where('client_id', '=', theirs.id)
      .execute();
    expect(assignments).toEqual([]);
  });
});

describe('list-portals', () => {
  it('pages and searches on the server, shows clients by name, and never lists staff or other companies', async () => {
    const staff = await signInStaff(t);
    const clients = [];
    for (const name of ['Beta', 'alfa', 'Gamma', 'Delta', 'Epsilon', 'Zeta', 'Eta']) {
      clients.push(await createClient(t.db, { companyId: staff.companyId, name }));
    }
    const ids = clients.map((client) => client.id);
    for (const [index, username] of ['carmen', 'Ana', 'bruno', 'diego'].entries()) {
      await createPortal(staff, {
        username,
        name: `Nombre ${username}`,
        email: `${username}@ejemplo.test`,
        client_ids: index === 0 ? ids : [],
      });
    }
    const elsewhere = await signInStaff(t);
    await createPortal(elsewhere, { username: 'ana-de-otra' });

    const first = await staff.call(portals.listPortals.path, { page: 1, page_size: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('4');
    expect(first.json().map((user: { username: string }) => user.username)).toEqual(['Ana', 'bruno']);
    const second = await staff.call(portals.listPortals.path, { page: 2, page_size: 2 });
    const carmen = second.json()[0];
    expect(carmen.username).toBe('carmen');
    expect(carmen.client_count).toBe(7);
    expect(carmen.clients.map((client: { name: string }) => client.name)).toEqual([
      'alfa',
      'Beta',
      'Delta',
      'Epsilon',
      'Eta',
    ]);
    expect(carmen).not.toHaveProperty('password');
    expect(JSON.stringify(second.json())).not.toContain('argon2');

    const search = async (term: string) => {
      const response = await staff.call(portals.listPortals.path, { search: term });
      return response.json().map((user: { username: string }) => user.username);
    };
    expect(await search('BRU')).toEqual(['bruno']);
    expect(await search('nombre diego')).toEqual(['diego']);
    expect(await search('@ejemplo.test')).toEqual(['Ana', 'bruno', 'carmen', 'diego']);
    expect(await search('%')).toEqual([]);
    expect(await search(staff.user.username)).toEqual([]);
    expect(await search('ana-de-otra')).toEqual([]);
  });

  it('answers an empty page to a company without portal users', async () => {
    const staff = await signInStaff(t);
    const response = await staff.call(portals.listPortals.path);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });
});

describe('update-portal', () => {
  it('replaces the clients, and the portal user’s very next call sees the change', async () => {
    const staff = await signInStaff(t);
    const a = await createClient(t.db, { companyId: staff.companyId, name: 'A' });
    const b = await createClient(t.db, { companyId: staff.companyId, name: 'B' });
    const c = await createClient(t.db, { companyId: staff.companyId, name: 'C' });
    const { body } = await createPortal(staff, { client_ids: [a.id, b.id] });
    const portal = await signInAs(t, staff, body.username, STRONG_PASSWORD);
    expect(clientIdsOf(await portal.call(wealth.clientList.path)).sort()).toEqual([a.id, b.id].sort());
    expect((await portal.call(wealth.clientGet.path, { client_id: b.id })).statusCode).toBe(200);

    const updated = await staff.call(portals.updatePortal.path, {
      username: body.username.toUpperCase(),
      client_ids: [a.id, c.id],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().client_ids.sort()).toEqual([a.id, c.id].sort());

    // Same token, no new sign-in: B is gone at once and C is there.
    expect((await portal.call(wealth.clientGet.path, { client_id: b.id })).statusCode).toBe(404);
    expect((await portal.call(wealth.clientAccountList.path, { client_id: b.id })).statusCode).toBe(404);
    expect(clientIdsOf(await portal.call(wealth.clientList.path)).sort()).toEqual([a.id, c.id].sort());

    const cleared = await staff.call(portals.updatePortal.path, { username: body.username, client_ids: [] });
    expect(cleared.json()).toMatchObject({ client_ids: [], client_count: 0, clients: [] });
    expect((await portal.call(wealth.clientList.path)).json()).toEqual([]);

    const got = await staff.call(portals.getPortal.path, { username: body.username });
    expect(got.json()).toMatchObject({ username: body.username, client_ids: [] });
  });

  it('refuses a save from a stale form with Conflict, writes nothing, and a fresh one replaces it', async () => {
    const staff = await signInStaff(t);
    const a = await createClient(t.db, { companyId: staff.companyId, name: 'A' });
    const b = await createClient(t.db, { companyId: staff.companyId, name: 'B' });
    const c = await createClient(t.db, { companyId: staff.companyId, name: 'C' });
    const { body } = await createPortal(staff, { client_ids: [a.id] });
    // Two admins open the form on [A]. The first adds B and saves.
    const first = await staff.call(portals.updatePortal.path, {
      username: body.username,
      client_ids: [a.id, b.id],
      expected_client_ids: [a.id],
    });
    expect(first.statusCode).toBe(200);
    // The second, still on [A], adds C: saved as is, it would take B away without knowing.
    const stale = await staff.call(portals.updatePortal.path, {
      username: body.username,
      client_ids: [a.id, c.id],
      expected_client_ids: [a.id],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('Conflict');
    const kept = await staff.call(portals.getPortal.path, { username: body.username });
    expect(kept.json().client_ids.sort()).toEqual([a.id, b.id].sort());
    expect(await findAuditEvents(t.db, staff.companyId, 'update-portal')).toHaveLength(1);
    // Shown what was saved, the second saves again on it (in any order, any case).
    const knowing = await staff.call(portals.updatePortal.path, {
      username: body.username,
      client_ids: [a.id, c.id],
      expected_client_ids: [b.id.toUpperCase(), a.id],
    });
    expect(knowing.statusCode).toBe(200);
    expect(knowing.json().client_ids.sort()).toEqual([a.id, c.id].sort());
  });

  it('refuses another company’s clients and leaves the assignment as it was', async () => {
    const staff = await signInStaff(t);
    const mine = await createClient(t.db, { companyId: staff.companyId });
    const victim = await signInStaff(t);
    const theirs = await createClient(t.db, { companyId: victim.companyId });
    const { body } = await createPortal(staff, { client_ids: [mine.id] });
    const response = await staff.call(portals.updatePortal.path, {
      username: body.username,
      client_ids: [theirs.id],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('UnknownClient');
    const got = await staff.call(portals.getPortal.path, { username: body.username });
    expect(got.json().client_ids).toEqual([mine.id]);
  });

  it('answers 404 for staff usernames, unknown users and other companies’ portal users', async () => {
    const staff = await signInStaff(t);
    const colleague = await createUser(t.db, { companyId: staff.companyId, kind: 'staff' });
    const victim = await signInStaff(t);
    const { body: theirs } = await createPortal(victim);
    for (const username of [staff.user.username, colleague.user.username, 'nadie', theirs.username]) {
      for (const call of [portals.updatePortal, portals.getPortal, portals.deletePortal]) {
        const response = await staff.call(call.path, { username, client_ids: [] });
        expect({ username, path: call.path, status: response.statusCode }).toEqual({
          username,
          path: call.path,
          status: 404,
        });
      }
    }
    // Nothing happened to them: the colleague still signs in, the other company's user still exists.
    await login(t.app, {
      company: staff.company.name,
      username: colleague.user.username,
      password: colleague.password,
    });
    expect((await victim.call(portals.getPortal.path, { username: theirs.username })).statusCode).toBe(200);
  });
});

describe('delete-portal', () => {
  it('deletes the user and ends their sessions at once: their token is refused on the next call', async () => {
    const staff = await signInStaff(t);
    const client = await createClient(t.db, { companyId: staff.companyId });
    const { body } = await createPortal(staff, { client_ids: [client.id] });
    const portal = await signInAs(t, staff, body.username, STRONG_PASSWORD);
    const other = await signInAs(t, staff, body.username, STRONG_PASSWORD);
    expect((await portal.call(wealth.clientList.path)).statusCode).toBe(200);

    const deleted = await staff.call(portals.deletePortal.path, { username: body.username });
    expect(deleted.json()).toEqual({ success: true });

    for (const session of [portal, other]) {
      const response = await session.call(wealth.clientList.path);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('Unauthorized');
    }
    const sessions = await t.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('users.username', '=', body.username)
      .execute();
    expect(sessions).toEqual([]);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/v0/login',
      payload: { company: staff.company.name, username: body.username, password: STRONG_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    // The client is untouched, and a second delete is a 404.
    expect((await staff.call(wealth.clientGet.path, { client_id: client.id })).statusCode).toBe(200);
    expect((await staff.call(portals.deletePortal.path, { username: body.username })).statusCode).toBe(404);
    // The username is free again.
    await createPortal(staff, { username: body.username });
  });
});

describe('who may call portals/*', () => {
  const calls = () =>
    [
      [portals.listPortals.path, {}],
      [portals.createPortal.path, portalForm()],
      [portals.getPortal.path, { username: 'x' }],
      [portals.updatePortal.path, { username: 'x', client_ids: [] }],
      [portals.deletePortal.path, { username: 'x' }],
    ] as const;

  it('answers 403 Forbidden to a portal user on every call, and creates nothing', async () => {
    const staff = await signInStaff(t);
    const portal = await createSignedInPortalUser(t, staff);
    for (const [path, payload] of calls()) {
      const response = await portal.call(path, payload);
      expect({ path, status: response.statusCode, code: response.json().error.code }).toEqual({
        path,
        status: 403,
        code: 'Forbidden',
      });
    }
    const users = await t.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', staff.companyId)
      .execute();
    expect(users).toHaveLength(2);
  });

  it('answers 403 ModuleDisabled to a company without the portals module', async () => {
    const staff = await signInStaff(t, { modules: ['wealth', 'summary'] });
    for (const [path, payload] of calls()) {
      const response = await staff.call(path, payload);
      expect({ path, status: response.statusCode, code: response.json().error.code }).toEqual({
        path,
        status: 403,
        code: 'ModuleDisabled',
      });
    }
  });

  it('answers 401 without a session', async () => {
    for (const [path, payload] of calls()) {
      const response = await t.app.inject({ method: 'POST', url: path, payload });
      expect({ path, status: response.statusCode }).toEqual({ path, status: 401 });
    }
  });
});
