import { applications, CLIENT_ID_PREFIX, CLIENT_SECRET_PREFIX } from '@caudal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEvents } from '../../test/audit-events';
import { createLogCapture, createTestApp, createUser, login, post, type TestApp } from '../../test/test-app';
import { createApplicationFor, getToken } from '../data-api/data-api-fixtures';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';

let t: TestApp;
let tenant: SignedInTenant;
const logs = createLogCapture();

beforeAll(async () => {
  t = await createTestApp({ logger: logs.logger });
  tenant = await signInTenant(t, { modules: ['applications', 'wealth'] });
});
afterAll(() => t.close());

const list = async (who: SignedInTenant) => (await who.call(applications.listApplications.path)).json();

describe('create-application', () => {
  it('answers the application with a prefixed 256-bit secret, shown this once', async () => {
    const response = await tenant.call(applications.createApplication.path, { name: '  Contabilidad  ' });
    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toEqual({
      name: 'Contabilidad',
      client_id: expect.stringMatching(new RegExp(`^${CLIENT_ID_PREFIX}[0-9a-f]{32}$`)),
      client_secret: expect.stringMatching(new RegExp(`^${CLIENT_SECRET_PREFIX}[A-Za-z0-9_-]{43}$`)),
      created_at: new Date(t.clock()).toISOString(),
    });
    // The list never carries the secret.
    const listed = await list(tenant);
    expect(listed).toContainEqual({
      name: 'Contabilidad',
      client_id: created.client_id,
      created_at: created.created_at,
      secret_last_used_at: null,
      previous_secret_expires_at: null,
      previous_secret_last_used_at: null,
      secret_rotated_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain(CLIENT_SECRET_PREFIX);
  });

  it('gives every application its own client id and secret', async () => {
    const a = await createApplicationFor(tenant);
    const b = await createApplicationFor(tenant);
    expect(a.client_id).not.toBe(b.client_id);
    expect(a.client_secret).not.toBe(b.client_secret);
  });

  it('refuses a name the company already uses, whatever its case, with DuplicatedName', async () => {
    await createApplicationFor(tenant, 'Tesorería');
    const response = await tenant.call(applications.createApplication.path, { name: 'TESORERÍA' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('DuplicatedName');
    // Another company may use the same name.
    const other = await signInTenant(t, { modules: ['applications'] });
    expect((await other.call(applications.createApplication.path, { name: 'Tesorería' })).statusCode).toBe(
      200,
    );
  });

  it('validates the name', async () => {
    for (const name of ['', '   ', 'a'.repeat(101), 'bad<name>']) {
      const response = await tenant.call(applications.createApplication.path, { name });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.issues[0].path).toEqual(['name']);
    }
  });
});

describe('delete-application', () => {
  it('deletes an application of the company, and answers 404 for an unknown or another company’s one', async () => {
    const created = await createApplicationFor(tenant, 'Borrar');
    const other = await signInTenant(t, { modules: ['applications'] });
    const foreign = await other.call(applications.deleteApplication.path, { client_id: created.client_id });
    expect(foreign.statusCode).toBe(404);
    expect((await list(tenant)).map((app: { name: string }) => app.name)).toContain('Borrar');

    const response = await tenant.call(applications.deleteApplication.path, { client_id: created.client_id });
    expect(response.json()).toEqual({ success: true });
    expect((await list(tenant)).map((app: { name: string }) => app.name)).not.toContain('Borrar');
    const again = await tenant.call(applications.deleteApplication.path, { client_id: created.client_id });
    expect(again.statusCode).toBe(404);
    // The log still says which application it was: its name, as an old value only.
    const events = await findAuditEvents(t.db, tenant.companyId, 'delete-application');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      target_application_id: created.client_id,
      changes: { name: { old: 'Borrar' } },
    });
  });
});

describe('access', () => {
  it('needs the applications module, staff and a session', async () => {
    const noModule = await signInTenant(t, { modules: ['wealth'] });
    const refused = await noModule.call(applications.listApplications.path);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ModuleDisabled');

    const portal = await createUser(t.db, { companyId: tenant.companyId, kind: 'portal' });
    const portalToken = await login(t.app, {
      company: tenant.company.name,
      username: portal.user.username,
      password: portal.password,
    });
    for (const call of [applications.listApplications, applications.createApplication]) {
      const response = await post(t.app, call.path, { token: portalToken, payload: { name: 'X' } });
      expect(response.statusCode).toBe(403);
    }
    expect((await post(t.app, applications.listApplications.path)).statusCode).toBe(401);
  });
});

describe('the secret is kept nowhere in clear', () => {
  it('is in no column of any table and in no log line, only its hash is', async () => {
    const created = await createApplicationFor(tenant, 'Secreto');
    await getToken(t, created);
    const secret = created.client_secret;
    const randomPart = secret.slice(CLIENT_SECRET_PREFIX.length);

    const columns = await sql<{ table_schema: string; table_name: string; column_name: string }>`
      select c.table_schema, c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
      where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')`.execute(
      t.db,
    );
    expect(columns.rows.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_schema, table_name, column_name } of columns.rows) {
      const hits = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.id(table_schema, table_name)}
        where position(${randomPart} in ${sql.id(column_name)}::text) > 0`.execute(t.db);
      if ((hits.rows[0]?.n ?? 0) > 0) found.push(`${table_schema}.${table_name}.${column_name}`);
    }
    expect(found).toEqual([]);
    const row = await t.db
      .selectFrom('applications')
      .select('secret_hash')
      .where('client_id', '=', created.client_id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);

    const text = logs.text();
    expect(text.length).toBeGreaterThan(0);
    expect(text).toContain('/platform/applications/create-application');
    expect(text).not.toContain(randomPart);
  });
});

describe('the cap on applications per company', () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await createTestApp({ env: { APPLICATIONS_MAX_PER_COMPANY: '3' } });
  });
  afterAll(() => capped.close());

  it('refuses one past APPLICATIONS_MAX_PER_COMPANY with TooManyApplications, and takes one again after a delete', async () => {
    const owner = await signInTenant(capped, { modules: ['applications'] });
    const created = [];
    for (let index = 0; index < 3; index += 1) created.push(await createApplicationFor(owner));
    const refused = await owner.call(applications.createApplication.path, { name: 'Una más' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TooManyApplications');
    expect((await list(owner)).map((application: { name: string }) => application.name)).not.toContain(
      'Una más',
    );
    // Another company has its own allowance.
    const other = await signInTenant(capped, { modules: ['applications'] });
    expect((await other.call(applications.createApplication.path, { name: 'Una más' })).statusCode).toBe(200);
    await owner.call(applications.deleteApplication.path, { client_id: created[0]?.client_id });
    expect((await owner.call(applications.createApplication.path, { name: 'Una más' })).statusCode).toBe(200);
  });

  it('holds under concurrent creations: exactly the cap is created', async () => {
    const owner = await signInTenant(capped, { modules: ['applications'] });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        owner.call(applications.createApplication.path, { name: `Paralela ${index}` }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(5);
    expect(await list(owner)).toHaveLength(3);
  });

  it('defaults to 20', () => {
    expect(t.config.applicationsMaxPerCompany).toBe(20);
  });
});
