import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../test/test-database';
import { TEST_PASSWORD_HASHING } from './factories';
import { seedDemo } from './seed';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('the demo seed', () => {
  it('seeds once and is a no-op the second time', async () => {
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
  });
});
