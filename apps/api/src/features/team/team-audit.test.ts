import { team } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEvents } from '../../test/audit-events';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { signInTenant } from '../wealth/wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A signed-in admin whose calls must succeed: these tests read what successful calls recorded. */
async function adminOf() {
  const admin = await signInTenant(t);
  const call = async (path: string, payload: unknown = {}) => {
    const response = await admin.call(path, payload);
    expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    return response;
  };
  return { ...admin, call };
}

function eventsOf(companyId: string, action: string) {
  return findAuditEvents(t.db, companyId, action);
}

describe('the audit of team changes', () => {
  it('records a colleague’s role and permissions with the old values the update replaced', async () => {
    const admin = await adminOf();
    const { user } = await createUser(t.db, {
      companyId: admin.companyId,
      role: 'member',
      permissions: ['links'],
    });
    await admin.call(team.updateStaff.path, {
      username: user.username,
      role: 'admin',
      permissions: ['links', 'wealth'],
    });
    const [event] = await eventsOf(admin.companyId, 'update-staff');
    expect(event).toMatchObject({ target_user_id: user.username });
    expect(event?.changes).toEqual({
      role: { old: 'member', new: 'admin' },
      permissions: { old: ['links'], new: ['wealth', 'links'] },
    });
  });

  it('records only what changed, and an update that changes nothing (in another order) with no field', async () => {
    const admin = await adminOf();
    const { user } = await createUser(t.db, {
      companyId: admin.companyId,
      role: 'member',
      permissions: ['wealth', 'links'],
    });
    await admin.call(team.updateStaff.path, {
      username: user.username,
      role: 'member',
      permissions: ['links', 'wealth'],
    });
    await admin.call(team.updateStaff.path, {
      username: user.username,
      role: 'member',
      permissions: ['links'],
    });
    const events = await eventsOf(admin.companyId, 'update-staff');
    expect(events.map((event) => event.changes)).toEqual([
      {},
      { permissions: { old: ['wealth', 'links'], new: ['links'] } },
    ]);
  });

  it('records the two-factor policy’s old value, and no field when it was already so', async () => {
    const admin = await adminOf();
    await admin.call(team.setTwoFactorPolicy.path, { is_required: true });
    await admin.call(team.setTwoFactorPolicy.path, { is_required: true });
    await admin.call(team.setTwoFactorPolicy.path, { is_required: false });
    const events = await eventsOf(admin.companyId, 'set-two-factor-policy');
    expect(events.map((event) => event.changes)).toEqual([
      { is_required: { old: false, new: true } },
      {},
      { is_required: { old: true, new: false } },
    ]);
  });

  it('keeps who a deleted colleague was: name, email and role as old values', async () => {
    const admin = await adminOf();
    const { user } = await createUser(t.db, {
      companyId: admin.companyId,
      role: 'member',
      name: 'Carmen Ortega',
      email: 'carmen.ortega@acme.test',
    });
    await admin.call(team.deleteStaff.path, { username: user.username });
    const events = await eventsOf(admin.companyId, 'delete-staff');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      target_user_id: user.username,
      changes: {
        name: { old: 'Carmen Ortega' },
        email: { old: 'carmen.ortega@acme.test' },
        role: { old: 'member' },
      },
    });
    const stored = JSON.stringify(events[0]);
    expect(stored).not.toContain('password');
    expect(stored).not.toContain(user.password_hash ?? 'no hash');
  });

  it('keeps who a revoked invitation was for', async () => {
    const admin = await adminOf();
    const username = `invited-${Math.random().toString(36).slice(2, 8)}`;
    await admin.call(team.inviteStaff.path, {
      email: `${username}@acme.test`,
      username,
      name: 'Invitada',
      role: 'member',
      permissions: ['links'],
      language: 'en',
    });
    await admin.call(team.revokeInvitation.path, { username });
    const [event] = await eventsOf(admin.companyId, 'revoke-invitation');
    expect(event?.changes).toEqual({ name: { old: 'Invitada' }, email: { old: `${username}@acme.test` } });
  });
});
