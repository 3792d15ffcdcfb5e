import { MODULES, TOTAL_COUNT_HEADER, wealth } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../shared/auth/actor';
import { findAuditEvents } from '../../test/audit-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createClient, createProduct } from '../seed/wealth-factories';
import { editClient } from './clients.repository';
import {
  createClientWithProducts,
  expectOneLineOfSuccession,
  type SignedInTenant,
  signInTenant,
} from './wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'María García López',
  alias: 'garcia-lopez-maria',
  entities: ['santander'],
  ...overrides,
});

describe('client create, get, edit and delete', () => {
  it('creates a client and reads it back', async () => {
    const tenant = await signInTenant(t);
    const created = await tenant.call(wealth.clientCreate.path, form());
    expect(created.statusCode).toBe(200);
    const client = wealth.clientCreate.response.parse(created.json());
    expect(client).toMatchObject({ ...form(), products_count: 0 });
    expect(client.created_at).toBe(t.clock().toISOString());
    const got = await tenant.call(wealth.clientGet.path, { client_id: client.id });
    expect(got.json()).toEqual(client);
  });

  it('edits a client, keeping its own alias in another case', async () => {
    const tenant = await signInTenant(t);
    const client = (await tenant.call(wealth.clientCreate.path, form())).json();
    const edited = await tenant.call(wealth.clientEdit.path, {
      ...form({ name: 'María García', alias: 'GARCIA-LOPEZ-MARIA', entities: ['bbva'] }),
      client_id: client.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: client.id,
      name: 'María García',
      alias: 'GARCIA-LOPEZ-MARIA',
      entities: ['bbva'],
    });
  });

  it('answers 404 for an unknown or malformed client id', async () => {
    const tenant = await signInTenant(t);
    for (const client_id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await tenant.call(wealth.clientGet.path, { client_id })).statusCode).toBe(404);
      expect((await tenant.call(wealth.clientEdit.path, { ...form(), client_id })).statusCode).toBe(404);
      expect((await tenant.call(wealth.clientDelete.path, { client_id })).statusCode).toBe(404);
    }
  });

  it('deletes a client and returns its products to the pending list', async () => {
    const tenant = await signInTenant(t);
    const { client, account, portfolio } = await createClientWithProducts(t, tenant.companyId);
    const deleted = await tenant.call(wealth.clientDelete.path, { client_id: client.id });
    expect(deleted.json()).toEqual({ success: true });
    expect((await tenant.call(wealth.clientGet.path, { client_id: client.id })).statusCode).toBe(404);
    const products = await t.db
      .selectFrom('products')
      .select(['id', 'client_id'])
      .where('id', 'in', [account.id, portfolio.id])
      .execute();
    expect(products).toHaveLength(2);
    expect(products.every((product) => product.client_id === null)).toBe(true);
  });

  it('validates the form with i18n keys', async () => {
    const tenant = await signInTenant(t);
    const response = await tenant.call(wealth.clientCreate.path, { name: '', alias: 'a\tb' });
    expect(response.statusCode).toBe(400);
    const issues = response.json().error.issues as { path: string[]; message: string }[];
    expect(issues.every((issue) => issue.message.startsWith('validation.'))).toBe(true);
    expect(issues.map((issue) => issue.path[0])).toEqual(expect.arrayContaining(['name', 'alias']));
  });
});

describe('duplicate aliases', () => {
  it('refuses a second client with the same alias in any case', async () => {
    const tenant = await signInTenant(t);
    expect((await tenant.call(wealth.clientCreate.path, form())).statusCode).toBe(200);
    const again = await tenant.call(wealth.clientCreate.path, form({ alias: 'Garcia-Lopez-MARIA' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DuplicatedAlias');
  });

  it('lets exactly one of two concurrent creates win', async () => {
    const tenant = await signInTenant(t);
    const answers = await Promise.all([
      tenant.call(wealth.clientCreate.path, form({ alias: 'same' })),
      tenant.call(wealth.clientCreate.path, form({ alias: 'same' })),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses an edit to another client’s alias', async () => {
    const tenant = await signInTenant(t);
    await tenant.call(wealth.clientCreate.path, form({ alias: 'first' }));
    const second = (await tenant.call(wealth.clientCreate.path, form({ alias: 'second' }))).json();
    const edit = await tenant.call(wealth.clientEdit.path, {
      ...form({ alias: 'FIRST' }),
      client_id: second.id,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe('DuplicatedAlias');
  });

  it('allows the same alias in another company', async () => {
    const a = await signInTenant(t);
    const b = await signInTenant(t);
    expect((await a.call(wealth.clientCreate.path, form())).statusCode).toBe(200);
    expect((await b.call(wealth.clientCreate.path, form())).statusCode).toBe(200);
  });
});

describe('client entities', () => {
  it('drops unknown ids, maps -e ids to their base and drops placeholders, on write', async () => {
    const tenant = await signInTenant(t);
    const created = await tenant.call(
      wealth.clientCreate.path,
      form({
        entities: ['bbva-e', 'nowhere', 'santander', 'bbva', 'wealth-new-entity-onboarding', 'nowhere-e'],
      }),
    );
    expect(created.json().entities).toEqual(['bbva', 'santander']);
    const stored = await t.db
      .selectFrom('clients')
      .select('entity_ids')
      .where('id', '=', created.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.entity_ids).toEqual(['bbva', 'santander']);
  });

  it('hides stored ids that are no longer in the catalogue, on read', async () => {
    const tenant = await signInTenant(t);
    const client = await createClient(t.db, {
      companyId: tenant.companyId,
      entityIds: ['caixabank', 'vanished-bank', 'ing-e'],
    });
    const got = await tenant.call(wealth.clientGet.path, { client_id: client.id });
    expect(got.json().entities).toEqual(['caixabank', 'ing']);
    const listed = await tenant.call(wealth.clientList.path, {});
    expect(listed.json()[0].entities).toEqual(['caixabank', 'ing']);
  });
});

describe('client list', () => {
  let tenant: SignedInTenant;
  const names = ['Zoe Ruiz', 'ana martín', 'Álvaro Gil', 'Bea 100%_off', 'Carlos Pérez', 'carlos pérez'];
  beforeAll(async () => {
    tenant = await signInTenant(t);
    for (const [index, name] of names.entries()) {
      await createClient(t.db, {
        companyId: tenant.companyId,
        name,
        alias: `alias-${String.fromCharCode(122 - index)}`,
        createdAt: new Date(Date.UTC(2024, 0, 10 - index)),
      });
    }
  });

  const list = async (request: Record<string, unknown>) => {
    const response = await tenant.call(wealth.clientList.path, request);
    expect(response.statusCode).toBe(200);
    const body = wealth.clientList.response.parse(response.json());
    return { body, total: Number(response.headers[TOTAL_COUNT_HEADER]), names: body.map((c) => c.name) };
  };

  it('answers the whole list without page, sorted by name, with the total header', async () => {
    const { names: sorted, total } = await list({});
    expect(total).toBe(names.length);
    // Spanish order (migration 0006): accents and case aside, so 'Álvaro' comes first.
    expect(sorted.slice(0, 3)).toEqual(['Álvaro Gil', 'ana martín', 'Bea 100%_off']);
    expect(sorted.indexOf('Zoe Ruiz')).toBeGreaterThan(sorted.indexOf('carlos pérez'));
  });

  it('accepts no body at all', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: wealth.clientList.path,
      headers: { authorization: `Bearer ${tenant.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(names.length);
  });

  it('searches name or alias, case- and accent-insensitively, anywhere', async () => {
    expect((await list({ search: 'CARLOS' })).total).toBe(2);
    expect((await list({ search: 'tín' })).names).toEqual(['ana martín']);
    // Typed without the accent, or with one the name lacks: "lopez" finds López, as in the unmatched list.
    expect((await list({ search: 'martin' })).names).toEqual(['ana martín']);
    expect((await list({ search: 'PEREZ' })).total).toBe(2);
    expect((await list({ search: 'ána' })).names).toContain('ana martín');
    expect((await list({ search: 'alias-z' })).names).toEqual(['Zoe Ruiz']);
    expect((await list({ search: 'nobody' })).body).toEqual([]);
  });

  it('treats %, _ and \\ as plain characters', async () => {
    expect((await list({ search: '%' })).names).toEqual(['Bea 100%_off']);
    expect((await list({ search: '_' })).names).toEqual(['Bea 100%_off']);
    expect((await list({ search: '\\' })).total).toBe(0);
  });

  it('sorts by alias and created_at, both orders, with a stable tie-breaker', async () => {
    const byAlias = await list({ sort: 'alias' });
    expect(byAlias.body.map((c) => c.alias)).toEqual([...byAlias.body.map((c) => c.alias)].sort());
    const newestFirst = await list({ sort: 'created_at', order: 'desc' });
    expect(newestFirst.names[0]).toBe('Zoe Ruiz');
    const ties = await list({ search: 'carlos', order: 'desc' });
    const tiesAgain = await list({ search: 'carlos', order: 'desc' });
    expect(ties.body.map((c) => c.id)).toEqual(tiesAgain.body.map((c) => c.id));
    // Names equal but for case: the collation's last resort puts lower case first (so last, descending).
    expect(ties.names).toEqual(['Carlos Pérez', 'carlos pérez']);
  });

  it('pages, with the total of all matches, and answers a page past the end empty', async () => {
    const all = (await list({})).body.map((c) => c.id);
    const first = await list({ page: 1, page_size: 4 });
    const second = await list({ page: 2, page_size: 4 });
    expect(first.total).toBe(names.length);
    expect(second.total).toBe(names.length);
    expect([...first.body, ...second.body].map((c) => c.id)).toEqual(all);
    const past = await list({ page: 50, page_size: 4 });
    expect(past.body).toEqual([]);
    expect(past.total).toBe(names.length);
    expect((await list({ page: 1 })).body).toHaveLength(names.length);
  });

  it('rejects a bad sort, page or page size', async () => {
    for (const request of [{ sort: 'balance' }, { page: 0 }, { page_size: 101 }, { order: 'up' }]) {
      const response = await tenant.call(wealth.clientList.path, request);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('ValidationError');
    }
  });
});

describe('a deep page of a large book', () => {
  it('pages through 1,200 clients and counts each page’s products only', async () => {
    const tenant = await signInTenant(t);
    await t.db
      .insertInto('clients')
      .values(
        Array.from({ length: 1200 }, (_, index) => ({
          company_id: tenant.companyId,
          name: `Cliente ${String(index).padStart(4, '0')}`,
          alias: `c-${index}`,
        })),
      )
      .execute();
    const last = await tenant.call(wealth.clientList.path, { page: 48, page_size: 25 });
    expect(last.headers[TOTAL_COUNT_HEADER]).toBe('1200');
    expect(last.json().map((c: { name: string }) => c.name)[24]).toBe('Cliente 1199');
    const target = last.json()[3];
    await createProduct(t.db, { companyId: tenant.companyId, clientId: target.id, kind: 'account' });
    await createProduct(t.db, { companyId: tenant.companyId, clientId: target.id, kind: 'portfolio' });
    const again = await tenant.call(wealth.clientList.path, { page: 48, page_size: 25 });
    expect(again.json()[3]).toMatchObject({ id: target.id, products_count: 2 });
    expect(again.json()[4].products_count).toBe(0);
  });
});

describe('an edit made on a stale form', () => {
  it('is refused with Conflict when the client changed since the form loaded it, and writes nothing', async () => {
    const tenant = await signInTenant(t);
    const created = wealth.clientCreate.response.parse(
      (await tenant.call(wealth.clientCreate.path, form({ alias: 'stale-form' }))).json(),
    );
    const loaded = { name: created.name, alias: created.alias, entities: created.entities };
    /** A save of the form as it loaded `snapshot`, with `change` typed in. */
    const saveOn = (snapshot: typeof loaded, change: Partial<typeof loaded>) =>
      tenant.call(wealth.clientEdit.path, {
        ...snapshot,
        ...change,
        client_id: created.id,
        expected: snapshot,
      });
    // Two admins open the form on the same client; the first renames it.
    const first = await saveOn(loaded, { name: 'María García López (Patrimonio)' });
    expect(first.statusCode, first.body).toBe(200);
    // The second changes only the alias, on the form as it loaded it: the rename would be undone.
    const second = await saveOn(loaded, { alias: 'stale-form-2' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('Conflict');
    const after = wealth.clientGet.response.parse(
      (await tenant.call(wealth.clientGet.path, { client_id: created.id })).json(),
    );
    expect(after).toMatchObject({ name: 'María García López (Patrimonio)', alias: 'stale-form' });
    const events = await findAuditEvents(t.db, tenant.companyId, 'client-edit');
    expect(events).toHaveLength(1);

    // On the form read again, the same change goes through; the order of entities does not matter.
    const fresh = { name: after.name, alias: after.alias, entities: [...after.entities].reverse() };
    const again = await saveOn(fresh, { alias: 'stale-form-2' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ name: 'María García López (Patrimonio)', alias: 'stale-form-2' });
  });

  it('without a snapshot, keeps the last write (the data API and older callers)', async () => {
    const tenant = await signInTenant(t);
    const created = wealth.clientCreate.response.parse(
      (await tenant.call(wealth.clientCreate.path, form({ alias: 'no-snapshot' }))).json(),
    );
    const edited = await tenant.call(wealth.clientEdit.path, {
      ...form({ alias: 'no-snapshot', name: 'Otro nombre' }),
      client_id: created.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().name).toBe('Otro nombre');
  });
});

describe('editing a client under concurrent edits (decision 0056)', () => {
  it('with the row lock from the first read (the fallback after misses), every edit lands and reports what it replaced', async () => {
    const tenant = await signInTenant(t);
    const client = await createClient(t.db, { companyId: tenant.companyId, name: 'Original' });
    const actor: Actor = {
      userId: tenant.user.id,
      companyId: tenant.companyId,
      kind: 'staff',
      role: 'admin',
      modules: [...MODULES],
      permissions: [],
      sessionId: 'test',
      clientIds: null,
      profile: { username: tenant.user.username, name: null, email: null, companyName: tenant.company.name },
    };
    const names = Array.from({ length: 8 }, (_, index) => `Locked ${index}`);
    const edits = await Promise.all(
      names.map((name) =>
        t.db
          .transaction()
          .execute((trx) =>
            editClient(
              trx,
              actor,
              client.id,
              { name, alias: client.alias, entityIds: [] },
              t.clock(),
              new Set(),
              { unlockedAttempts: 0 },
            ),
          ),
      ),
    );
    expect(edits.map((edit) => edit?.client.name).sort()).toEqual([...names].sort());
    const succession = edits.map((edit, index) => ({ old: edit?.prior.name, new: names[index] as string }));
    await expectOneLineOfSuccession(t, client.id, 'Original', succession);
  });
});
