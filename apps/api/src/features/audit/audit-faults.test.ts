import { wealth } from '@caudal/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealAuditEvents } from '../../shared/audit/audit-sealer';
import { verifyAuditChain } from '../../shared/audit/verify-audit-chain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';

/**
 * The database failing while an audited call commits: its change and its event go together or not at
 * all, the caller gets a retriable 503, and the chain (sealed afterwards) has no gap. The append takes
 * no lock of its own (decision 0049), so the blocker holds the table it writes its marker to. Another
 * session holding a lock, or killing a backend, needs a second connection: PostgreSQL only.
 */
const serverUrl = process.env.DATABASE_URL;

let t: TestApp;
beforeAll(async () => {
  // Long enough for the second test to find the waiting backend and kill it before the lock times out.
  t = await createTestApp({ env: { DB_LOCK_TIMEOUT_MS: '3000' } });
});
afterAll(() => t.close());

const form = { name: 'María García López', alias: 'garcia-lopez-maria', entities: ['santander'] };

async function withBlocker(run: (blocker: pg.Client) => Promise<void>) {
  const blocker = new pg.Client({ connectionString: t.handle.connectionString ?? '' });
  await blocker.connect();
  try {
    await run(blocker);
  } finally {
    await blocker.end();
  }
}

async function clientName(tenant: SignedInTenant, clientId: string) {
  const row = await t.db
    .selectFrom('clients')
    .select('name')
    .where('id', '=', clientId)
    .where('company_id', '=', tenant.companyId)
    .executeTakeFirstOrThrow();
  return row.name;
}

async function editEvents(tenant: SignedInTenant) {
  return t.db
    .selectFrom('audit_events')
    .select(['position', 'action'])
    .where('company_id', '=', tenant.companyId)
    .where('action', '=', 'client-edit')
    .execute();
}

/** Kills the API's backend that waits on the blocker's lock (the call in flight); false if none came. */
async function terminateWaitingBackend(blocker: pg.Client): Promise<boolean> {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    const found = await blocker.query(
      `select pg_terminate_backend(pid) as done from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
    );
    if (found.rowCount && found.rowCount > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe.runIf(serverUrl)('the database failing during an audited call', () => {
  it('the audit table locked: 503, the client unchanged, no event; the retry writes both', async () => {
    const tenant = await signInTenant(t);
    const client = (await tenant.call(wealth.clientCreate.path, form)).json();
    await withBlocker(async (blocker) => {
      await blocker.query('begin');
      await blocker.query('lock table audit_unsealed in exclusive mode');
      const stuck = await tenant.call(wealth.clientEdit.path, {
        ...form,
        client_id: client.id,
        name: 'Nuevo',
      });
      expect(stuck.statusCode).toBe(503);
      expect(stuck.json().error.code).toBe('ServiceUnavailable');
      expect(Number(stuck.headers['retry-after'])).toBeGreaterThan(0);
      await blocker.query('rollback');
    });
    expect(await clientName(tenant, client.id)).toBe(form.name);
    expect(await editEvents(tenant)).toEqual([]);
    const retried = await tenant.call(wealth.clientEdit.path, {
      ...form,
      client_id: client.id,
      name: 'Nuevo',
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await clientName(tenant, client.id)).toBe('Nuevo');
    expect(await editEvents(tenant)).toHaveLength(1);
    await sealAuditEvents(t.db);
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({
      ok: true,
      events: 3,
      unsealed: 0,
    });
  });

  it('its connection killed while it appends: 503, nothing half-written, the chain without a gap', async () => {
    const tenant = await signInTenant(t);
    const client = (await tenant.call(wealth.clientCreate.path, form)).json();
    await withBlocker(async (blocker) => {
      await blocker.query('begin');
      // The append waits on the table; its backend is then terminated, as a restart or failover would.
      await blocker.query('lock table audit_unsealed in exclusive mode');
      const pending = tenant.call(wealth.clientEdit.path, { ...form, client_id: client.id, name: 'Otro' });
      const killed = await terminateWaitingBackend(blocker);
      expect(killed).toBe(true);
      const answer = await pending;
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error.code).toBe('ServiceUnavailable');
      await blocker.query('rollback');
    });
    expect(await clientName(tenant, client.id)).toBe(form.name);
    expect(await editEvents(tenant)).toEqual([]);
    // The pool drops the dead connection: the next calls work and continue the chain with no gap.
    const deadline = Date.now() + 5_000;
    let retried = await tenant.call(wealth.clientEdit.path, { ...form, client_id: client.id, name: 'Otro' });
    while (retried.statusCode === 503 && Date.now() < deadline) {
      retried = await tenant.call(wealth.clientEdit.path, { ...form, client_id: client.id, name: 'Otro' });
    }
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await editEvents(tenant)).toHaveLength(1);
    await sealAuditEvents(t.db);
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({
      ok: true,
      events: 3,
      unsealed: 0,
    });
  });
});
