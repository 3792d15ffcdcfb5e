import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { dataGet, getToken } from '../data-api/data-api-fixtures';
import { DEMO_APPLICATION_NAME, seedDemoApplications } from './demo-applications';
import { createCompany } from './factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo applications', () => {
  it('gives each company with the applications module one working application, secret returned once', async () => {
    const withModule = await createCompany(t.db, { modules: ['wealth', 'applications'] });
    await createCompany(t.db, { modules: ['wealth'] });
    const seeded = await seedDemoApplications(t.db, t.clock());
    expect(seeded).toEqual([
      {
        company: withModule.name,
        name: DEMO_APPLICATION_NAME,
        clientId: expect.stringMatching(/^caudal_ci_/),
        clientSecret: expect.stringMatching(/^caudal_sk_/),
      },
    ]);
    const [demo] = seeded;
    if (!demo) throw new Error('no demo application');
    const token = await getToken(t, { client_id: demo.clientId, client_secret: demo.clientSecret });
    expect((await dataGet(t.app, token, '/api/v1/clients')).statusCode).toBe(200);
    const stored = await t.db.selectFrom('applications').select('secret_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(demo.clientSecret.slice(10));
  });
});
