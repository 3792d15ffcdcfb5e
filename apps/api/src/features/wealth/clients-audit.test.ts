import { audit, wealth } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEvents } from '../../test/audit-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInTenant } from './wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = { name: 'Lucía Fernández Ruiz', alias: 'fernandez-ruiz-lucia', entities: ['santander', 'bbva'] };

async function eventsOf(companyId: string, action: string) {
  return findAuditEvents(t.db, companyId, action);
}

describe('the audit of a client edit', () => {
  it('records only the fields whose value changed, with old and new', async () => {
    const tenant = await signInTenant(t);
    const client = (await tenant.call(wealth.clientCreate.path, form)).json();
    const edited = await tenant.call(wealth.clientEdit.path, {
      ...form,
      entities: ['santander'],
      client_id: client.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [event] = await eventsOf(tenant.companyId, 'client-edit');
    expect(event?.changes).toEqual({ entities: { old: ['santander', 'bbva'], new: ['santander'] } });
  });

  it('still writes its one event for an edit that changes nothing, with no changed field', async () => {
    const tenant = await signInTenant(t);
    const client = (await tenant.call(wealth.clientCreate.path, form)).json();
    const edited = await tenant.call(wealth.clientEdit.path, { ...form, client_id: client.id });
    expect(edited.statusCode, edited.body).toBe(200);
    const events = await eventsOf(tenant.companyId, 'client-edit');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ target_client_id: client.id, changes: {} });
  });
});

describe('the audit of a client delete', () => {
  it('keeps the deleted client’s name and alias as old values, readable once the client is gone', async () => {
    const tenant = await signInTenant(t);
    const client = (await tenant.call(wealth.clientCreate.path, form)).json();
    const deleted = await tenant.call(wealth.clientDelete.path, { client_id: client.id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const events = await eventsOf(tenant.companyId, 'client-delete');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      target_client_id: client.id,
      changes: { name: { old: form.name }, alias: { old: form.alias } },
    });
    const history = await tenant.call(audit.listAuditEvents.path, { client_id: client.id });
    const items = audit.listAuditEvents.response.parse(history.json()).items;
    expect(items.find((event) => event.action === 'client-delete')?.changes).toEqual({
      name: { old: form.name },
      alias: { old: form.alias },
    });
  });

  it('writes none for a client that is not there', async () => {
    const tenant = await signInTenant(t);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await tenant.call(wealth.clientDelete.path, { client_id: missing })).statusCode).toBe(404);
    expect(await eventsOf(tenant.companyId, 'client-delete')).toEqual([]);
  });
});
