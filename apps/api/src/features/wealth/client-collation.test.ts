import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { wealth } from '@caudal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assignPortalClients, createClient } from '../seed/wealth-factories';
import { signInPortalUser, signInTenant } from './wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What a Spanish reader expects: accents and case aside, ñ its own letter after n. */
const SPANISH_ORDER = [
  'alvaro Ruiz',
  'Álvaro Ruiz',
  'Élan Díaz',
  'Eva Sanz',
  'María Pérez',
  'Marta Gil',
  'Nube Ortiz',
  'Nuñez Vera',
  'Núñez Vera',
  'Nuria Vidal',
  'Ñoño Castro',
  'Óscar Martín',
  'Silvia León',
  'Zoe Ramos',
];

async function tenantWithNames() {
  const tenant = await signInTenant(t);
  // Inserted in reverse, so the order answered is the database's and not the insertion's.
  const clients = [];
  for (const name of [...SPANISH_ORDER].reverse()) {
    clients.push(await createClient(t.db, { companyId: tenant.companyId, name }));
  }
  return { tenant, clients };
}

const names = (body: { name: string }[]) => body.map((client) => client.name);

describe('client names sort in Spanish order', () => {
  it('sorts by name ascending and descending, whole list and pages alike', async () => {
    const { tenant } = await tenantWithNames();
    const all = await tenant.call(wealth.clientList.path, { sort: 'name' });
    expect(names(all.json())).toEqual(SPANISH_ORDER);

    const desc = await tenant.call(wealth.clientList.path, { sort: 'name', order: 'desc' });
    expect(names(desc.json())).toEqual([...SPANISH_ORDER].reverse());

    const pages = [];
    for (const page of [1, 2, 3]) {
      const answer = await tenant.call(wealth.clientList.path, { sort: 'name', page, page_size: 5 });
      pages.push(...names(answer.json()));
    }
    expect(pages).toEqual(SPANISH_ORDER);
  });

  it('breaks a tie between identical names by id, the same way on every page', async () => {
    const tenant = await signInTenant(t);
    const twins = [];
    for (let i = 0; i < 4; i++)
      twins.push(await createClient(t.db, { companyId: tenant.companyId, name: 'María Pérez' }));
    const ids = twins.map((client) => client.id).sort();
    const asc = await tenant.call(wealth.clientList.path, { sort: 'name', page: 1, page_size: 2 });
    const asc2 = await tenant.call(wealth.clientList.path, { sort: 'name', page: 2, page_size: 2 });
    expect([...asc.json(), ...asc2.json()].map((client: { id: string }) => client.id)).toEqual(ids);
    const desc = await tenant.call(wealth.clientList.path, { sort: 'name', order: 'desc' });
    expect(desc.json().map((client: { id: string }) => client.id)).toEqual([...ids].reverse());
  });

  it('sorts a portal user’s clients the same way', async () => {
    const { tenant, clients } = await tenantWithNames();
    const portal = await signInPortalUser(t, tenant);
    const picked = clients.filter((client) =>
      ['Silvia León', 'Álvaro Ruiz', 'Marta Gil', 'María Pérez'].includes(client.name),
    );
    await assignPortalClients(t.db, {
      userId: portal.userId,
      companyId: tenant.companyId,
      clientIds: picked.map((client) => client.id),
    });
    const answer = await portal.call(wealth.clientList.path, { sort: 'name', page: 1, page_size: 25 });
    expect(names(answer.json())).toEqual(['Álvaro Ruiz', 'María Pérez', 'Marta Gil', 'Silvia León']);
  });

  it('serves the name sort from the (company, name, id) index, with no sort step', async () => {
    const { tenant } = await tenantWithNames();
    const plan = await t.db.connection().execute(async (connection) => {
      // Tiny tables make a scan and a sort cheaper; forbidding them asks whether the index CAN give
      // this order. An index in another collation cannot, and the plan would still need a Sort.
      await sql`set enable_seqscan = off`.execute(connection);
      await sql`set enable_bitmapscan = off`.execute(connection);
      await sql`set enable_sort = off`.execute(connection);
      try {
        const rows = await sql<{ 'QUERY PLAN': string }>`explain select id from clients
          where company_id = ${tenant.companyId}
          order by name collate caudal_es, id limit 5`.execute(connection);
        return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await sql`reset enable_seqscan`.execute(connection);
        await sql`reset enable_bitmapscan`.execute(connection);
        await sql`reset enable_sort`.execute(connection);
      }
    });
    expect(plan, plan).toContain('clients_company_name_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe('a name pasted in decomposed form (NFD: "A" and a combining accent)', () => {
  const decomposed = 'A\u0301lvaro Prieto';

  it('is stored composed and found by the accent-folding search, as typed or not', async () => {
    const tenant = await signInTenant(t);
    const created = await tenant.call(wealth.clientCreate.path, {
      name: decomposed,
      alias: 'prieto-nfd',
      entities: ['santander'],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().name).toBe('Álvaro Prieto');
    for (const search of ['alvaro prieto', 'Álvaro', decomposed]) {
      const found = wealth.clientList.response.parse(
        (await tenant.call(wealth.clientList.path, { search })).json(),
      );
      expect(
        found.map((client) => client.name),
        search,
      ).toEqual(['Álvaro Prieto']);
    }
  });

  it('saved before names were composed, is composed by migration 0053 and then found', async () => {
    const tenant = await signInTenant(t);
    const legacy = await createClient(t.db, { companyId: tenant.companyId, name: 'Legacy Name' });
    await sql`update clients set name = ${decomposed} where id = ${legacy.id}`.execute(t.db);
    const script = await readFile(
      fileURLToPath(new URL('../../db/migrations/0053-names-composed.sql', import.meta.url)),
      'utf8',
    );
    await sql.raw(script).execute(t.db);
    const found = wealth.clientList.response.parse(
      (await tenant.call(wealth.clientList.path, { search: 'alvaro' })).json(),
    );
    expect(found.map((client) => client.id)).toEqual([legacy.id]);
  });
});
