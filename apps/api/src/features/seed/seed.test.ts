import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { DEMO_BOOK_TEST_TIMEOUT_MS } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { TEST_PASSWORD_HASHING } from './factories';
import { seedDemo } from './seed';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('the demo seed', () => {
  it(
    'seeds once and is a no-op the second time',
    async () => {
      expect(await seedDemo(handle.db, TEST_PASSWORD_HASHING)).toBe(true);
      expect(await seedDemo(handle.db, TEST_PASSWORD_HASHING)).toBe(false);
      const companies = await handle.db
        .selectFrom('companies')
        .select(['name', 'modules'])
        .orderBy('name')
        .execute();
      expect(companies).toEqual([
        { name: 'Demo Apps', modules: ['applications', 'links'] },
        {
          name: 'Demo Wealth',
          modules: ['wealth', 'summary', 'applications', 'links', 'custom_css', 'portals'],
        },
      ]);
      const users = await handle.db
        .selectFrom('users')
        .select(['username', 'kind'])
        .orderBy('username')
        .execute();
      expect(users).toEqual([
        { username: 'apps', kind: 'staff' },
        { username: 'demo', kind: 'staff' },
        { username: 'portal', kind: 'portal' },
      ]);
      const entities = await handle.db.selectFrom('entities').select('id').execute();
      expect(entities.length).toBeGreaterThanOrEqual(20);
      expect(entities.some((entity) => entity.id.startsWith('wealth-new-entity-'))).toBe(true);
      // The book is ~90k rows: seconds alone, longer while the whole suite shares the CPU.
    },
    DEMO_BOOK_TEST_TIMEOUT_MS,
  );

  it('gives Demo Wealth a sane book', async () => {
    const db = handle.db;
    const company = await db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Demo Wealth')
      .executeTakeFirstOrThrow();
    const clients = await db
      .selectFrom('clients')
      .select(['id', 'name', 'alias', 'entity_ids'])
      .where('company_id', '=', company.id)
      .execute();
    expect(clients).toHaveLength(40);
    expect(new Set(clients.map((client) => client.alias.toLowerCase())).size).toBe(40);
    expect(clients.every((client) => client.entity_ids.length >= 1 && client.entity_ids.length <= 3)).toBe(
      true,
    );
    expect(clients.some((client) => client.alias === 'garcia-lopez-maria')).toBe(true);

    // Every client's credentials are its entities, each with a long random token.
    const credentials = await db
      .selectFrom('credentials')
      .selectAll()
      .where('company_id', '=', company.id)
      .execute();
    for (const client of clients) {
      const own = credentials.filter((row) => row.client_id === client.id).map((row) => row.entity_id);
      expect(own.sort()).toEqual([...client.entity_ids].sort());
    }
    expect(credentials.every((row) => /^[\w-]{32,}$/.test(row.token))).toBe(true);
    // The demo shows every credential state; most are healthy.
    expect(credentials.filter((row) => row.status === 'ok').length).toBeGreaterThan(credentials.length / 2);
    expect(credentials.filter((row) => row.sca_token !== null)).toHaveLength(1);
    expect(
      credentials
        .map((row) => row.error)
        .filter(Boolean)
        .sort(),
    ).toEqual(['blocked', 'down', 'invalid_access']);
    expect(new Set(credentials.map((row) => row.token)).size).toBe(credentials.length);
    // The institutions' health tells the table's story: each credential's last update as its outcome.
    const outcomes = await db
      .selectFrom('institution_outcomes')
      .select(['entity_id', 'outcome'])
      .where('company_id', '=', company.id)
      .execute();
    expect(outcomes).toHaveLength(credentials.length);
    expect(
      outcomes
        .map((row) => row.outcome)
        .filter((outcome) => outcome !== 'success')
        .sort(),
    ).toEqual(['blocked', 'down', 'invalid_access', 'sca_required']);

    // Pending products: a few dozen, four of them hidden, some held by a client's namesake.
    const pending = await db
      .selectFrom('products')
      .select(['id', 'hidden_at'])
      .where('company_id', '=', company.id)
      .where('client_id', 'is', null)
      .execute();
    expect(pending.length).toBeGreaterThanOrEqual(20);
    expect(pending.filter((product) => product.hidden_at !== null)).toHaveLength(4);
    const namesakes = await sql<{ n: number }>`
      select count(distinct h.id)::int as n from holders h
      join credentials c on c.id = h.credentials_id and c.client_id is null
      where h.company_id = ${company.id} and h.name in (select name from clients where company_id = ${company.id})`.execute(
      db,
    );
    expect(namesakes.rows[0]?.n).toBeGreaterThan(0);

    // Every account's newest movement carries its balance.
    const mismatched = await sql<{ id: string }>`
      select p.id from products p
      cross join lateral (
        select t.balance from product_transactions t where t.product_id = p.id
        order by t.operation_date desc, t.id desc limit 1) last
      where p.company_id = ${company.id} and p.kind = 'account' and last.balance <> p.balance`.execute(db);
    expect(mismatched.rows).toEqual([]);
    const withTransactions = await sql<{ n: number }>`
      select count(*)::int as n from products p where p.kind = 'account'
      and exists (select 1 from product_transactions t where t.product_id = p.id)`.execute(db);
    expect(withTransactions.rows[0]?.n).toBeGreaterThan(40);

    // The portal user sees three clients of the company.
    const assigned = await db
      .selectFrom('portal_user_clients')
      .innerJoin('users', 'users.id', 'portal_user_clients.user_id')
      .select('portal_user_clients.client_id')
      .where('users.username', '=', 'portal')
      .execute();
    expect(assigned).toHaveLength(3);
  });
});
