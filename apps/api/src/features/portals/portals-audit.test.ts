import { portals, wealth } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEvents } from '../../test/audit-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { portalForm, type SignedInStaff, signInStaff } from './portals-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createClient(staff: SignedInStaff, alias: string): Promise<string> {
  const response = await staff.call(wealth.clientCreate.path, {
    name: `Cliente ${alias}`,
    alias,
    entities: [],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

describe('the audit of a portal user’s clients', () => {
  it('records the clients the update replaced beside the new ones, each as a sorted set', async () => {
    const staff = await signInStaff(t);
    const [a, b, c] = [
      await createClient(staff, 'a'),
      await createClient(staff, 'b'),
      await createClient(staff, 'c'),
    ];
    const form = portalForm({ client_ids: [a, b] });
    expect((await staff.call(portals.createPortal.path, form)).statusCode).toBe(200);
    const updated = await staff.call(portals.updatePortal.path, {
      username: form.username,
      client_ids: [c, a],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [event] = await findAuditEvents(t.db, staff.companyId, 'update-portal');
    expect(event).toMatchObject({ target_user_id: form.username });
    expect(event?.changes).toEqual({
      client_ids: { old: [a, b].sort(), new: [a, c].sort() },
    });
  });

  it('records no field when the same clients are named again, in another order', async () => {
    const staff = await signInStaff(t);
    const [a, b] = [await createClient(staff, 'a'), await createClient(staff, 'b')];
    const form = portalForm({ client_ids: [a, b] });
    expect((await staff.call(portals.createPortal.path, form)).statusCode).toBe(200);
    const updated = await staff.call(portals.updatePortal.path, {
      username: form.username,
      client_ids: [b, a],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const events = await findAuditEvents(t.db, staff.companyId, 'update-portal');
    expect(events.map((event) => event.changes)).toEqual([{}]);
  });
});

describe('the audit of a portal user delete', () => {
  it('keeps who the deleted user was (name and email, never the password)', async () => {
    const staff = await signInStaff(t);
    const form = portalForm();
    expect((await staff.call(portals.createPortal.path, form)).statusCode).toBe(200);
    const deleted = await staff.call(portals.deletePortal.path, { username: form.username });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const events = await findAuditEvents(t.db, staff.companyId, 'delete-portal');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      target_user_id: form.username,
      changes: { name: { old: form.name }, email: { old: form.email } },
    });
    expect(JSON.stringify(events[0])).not.toContain(form.password);
  });
});
