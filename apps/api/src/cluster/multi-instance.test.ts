import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { auth, exports as exportCalls, platform } from '@caudal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Cluster,
  dropDatabase,
  ensureDatabase,
  startCluster,
} from '../../../../scripts/cluster/cluster.mjs';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { createCompany, createUser } from '../features/seed/factories';
import { seedInstitutions } from '../features/seed/seed';
import { createClient, createProduct } from '../features/seed/wealth-factories';

/**
 * Two real API processes (the compiled bundle, started by the cluster launcher) on one PostgreSQL
 * database, both running job workers: whatever instance a request reaches, it sees the same sessions,
 * lockouts and jobs. PGlite is one process by design (decision 0005), so this needs DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL;
const MAX_FAILURES = 3;

let cluster: Cluster;
let handle: DatabaseHandle;
let databaseUrl: string;
let A: string;
let B: string;
const tenant = { company: '', username: '', password: '', clientId: '' };

async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The fields these tests read from the answers they get. */
interface Answer {
  access_token: string;
  id: string;
  status: string;
  path: string;
  error: { code: string };
}

async function post(base: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function waitFor<T>(read: () => Promise<T>, isDone: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!serverUrl)('several API instances on one PostgreSQL (skipped without DATABASE_URL)', () => {
  beforeAll(async () => {
    databaseUrl = await ensureDatabase(serverUrl ?? '', `caudal_test_${randomBytes(6).toString('hex')}`);
    handle = await openDatabase({ databaseUrl });
    await migrate(handle.db);
    await seedInstitutions(handle.db);
    const company = await createCompany(handle.db);
    const { user, password } = await createUser(handle.db, { companyId: company.id });
    const client = await createClient(handle.db, { companyId: company.id, entityIds: ['santander'] });
    const account = await createProduct(handle.db, {
      companyId: company.id,
      clientId: client.id,
      entityId: 'santander',
      name: 'Cuenta nómina',
    });
    await sql`
      insert into product_transactions (company_id, product_id, external_id, operation_date, amount, balance, description)
      values (${company.id}::uuid, ${account.id}::uuid, 'n1', '2025-01-10', 1500.00, 2500.00, 'Nómina enero')
    `.execute(handle.db);
    Object.assign(tenant, { company: company.name, username: user.username, password, clientId: client.id });

    const [proxyPort, portA, portB] = await Promise.all([findFreePort(), findFreePort(), findFreePort()]);
    cluster = await startCluster({
      instances: 2,
      databaseUrl,
      port: proxyPort,
      instancePorts: [portA as number, portB as number],
      env: { SEED_DEMO: 'false', LOG_LEVEL: 'warn', LOGIN_MAX_FAILURES: String(MAX_FAILURES) },
    });
    [A, B] = cluster.instances.map((instance) => instance.url) as [string, string];
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await handle?.close();
    if (databaseUrl) await dropDatabase(databaseUrl);
  }, 60_000);

  const credentials = () => ({
    company: tenant.company,
    username: tenant.username,
    password: tenant.password,
  });

  it('accepts a token signed in on one instance on the other, and through the proxy', async () => {
    const signIn = await post(A, auth.login.path, credentials());
    expect(signIn.status).toBe(200);
    const token: string = signIn.body.access_token;
    expect((await post(B, platform.me.path, {}, token)).status).toBe(200);
    expect((await post(cluster.url, platform.me.path, {}, token)).status).toBe(200);

    // Signed out on B: the session is gone on A too.
    expect((await post(B, auth.logout.path, {}, token)).status).toBe(200);
    expect((await post(A, platform.me.path, {}, token)).status).toBe(401);
  });

  it('runs an export once, with both instances working jobs, and serves the file from the other', async () => {
    const token: string = (await post(A, auth.login.path, credentials())).body.access_token;
    const generated = await post(
      A,
      exportCalls.exportGenerate.path,
      {
        type: 'transactions',
        format: 'csv',
        client_ids: [tenant.clientId],
        entity_ids: ['santander'],
        date_from: '2025-01-01',
        date_to: '2025-01-31',
      },
      token,
    );
    expect(generated.status).toBe(200);
    const exportId: string = generated.body.id;
    const ready = await waitFor(
      () => post(B, exportCalls.exportStatus.path, { export_id: exportId }, token),
      (answer) => answer.body.status !== 'queued' && answer.body.status !== 'running',
      'the export',
    );
    expect(ready.body).toMatchObject({ status: 'ready', rows_written: 1 });

    const jobs = await waitFor(
      async () =>
        (
          await sql<{ state: string }>`
            select state from pgboss.job where name = 'exports.generate' and data->>'exportId' = ${exportId}
          `.execute(handle.db)
        ).rows,
      (rows) => rows.every((row) => row.state === 'completed'),
      'the export job to complete',
    );
    expect(jobs).toEqual([{ state: 'completed' }]);

    const link = await post(A, exportCalls.exportDownloadLink.path, { export_id: exportId }, token);
    expect(link.status).toBe(200);
    const file = await fetch(`${B}${link.body.path}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toContain('Nómina enero');
  });

  it('shares the lockout: failures on either instance count on both', async () => {
    const wrong = { ...credentials(), password: 'Wrong-password1' };
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) {
      const failed = await post(attempt % 2 === 0 ? A : B, auth.login.path, wrong);
      expect(failed.status).toBe(401);
    }
    for (const base of [A, B]) {
      const locked = await post(base, auth.login.path, credentials());
      expect(locked.status).toBe(401);
      expect(locked.body.error.code).toBe('LoginFailed');
    }
  });
});
