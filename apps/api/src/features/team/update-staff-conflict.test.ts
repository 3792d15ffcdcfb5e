import { type Module, team } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEvents } from '../../test/audit-events';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A colleague of the admin's company: a member with Wealth, as the edit form would load them. */
async function memberOf(admin: SignedInTenant, permissions: readonly Module[] = ['wealth']) {
  const { user } = await createUser(t.db, { companyId: admin.companyId, role: 'member', permissions });
  return user;
}

async function storedOf(userId: string) {
  const row = await t.db
    .selectFrom('users')
    .select(['role', 'permissions'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { role: row.role, permissions: [...row.permissions].sort() };
}

function updatesOf(companyId: string) {
  return findAuditEvents(t.db, companyId, 'update-staff');
}

describe('an edit of role and permissions from a stale form', () => {
  it('is refused with Conflict, writing nothing and no audit event; a save from the current state passes', async () => {
    const admin = await signInTenant(t);
    const member = await memberOf(admin);
    const loaded = { role: 'member', permissions: ['wealth'] };
    // A colleague adds Links while this form is open on the member as loaded.
    const theirs = await admin.call(team.updateStaff.path, {
      username: member.username,
      role: 'member',
      permissions: ['wealth', 'links'],
      expected: loaded,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);

    const stale = await admin.call(team.updateStaff.path, {
      username: member.username,
      role: 'admin',
      permissions: ['wealth'],
      expected: loaded,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('Conflict');
    expect(await storedOf(member.id)).toEqual({ role: 'member', permissions: ['links', 'wealth'] });
    expect(await updatesOf(admin.companyId)).toHaveLength(1);

    // The form reloaded: the permissions it sends are a set, in any order.
    const current = await admin.call(team.updateStaff.path, {
      username: member.username,
      role: 'admin',
      permissions: ['wealth'],
      expected: { role: 'member', permissions: ['links', 'wealth'] },
    });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toMatchObject({ role: 'admin', permissions: ['wealth'] });
    expect(await storedOf(member.id)).toEqual({ role: 'admin', permissions: ['wealth'] });
    expect(await updatesOf(admin.companyId)).toHaveLength(2);
  });

  it('is refused when only the role changed meanwhile', async () => {
    const admin = await signInTenant(t);
    const member = await memberOf(admin);
    const promoted = await admin.call(team.updateStaff.path, {
      username: member.username,
      role: 'admin',
      permissions: ['wealth'],
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const stale = await admin.call(team.updateStaff.path, {
      username: member.username,
      role: 'member',
      permissions: ['wealth', 'links'],
      expected: { role: 'member', permissions: ['wealth'] },
    });
    expect(stale.json().error.code).toBe('Conflict');
    expect(await storedOf(member.id)).toEqual({ role: 'admin', permissions: ['wealth'] });
  });

  it('without `expected` (the command line, or a knowing second save) replaces as before', async () => {
    const admin = await signInTenant(t);
    const member = await memberOf(admin, ['wealth', 'links']);
    const response = await admin.call(team.updateStaff.path, {
      username: member.username,
      role: 'admin',
      permissions: ['wealth'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedOf(member.id)).toEqual({ role: 'admin', permissions: ['wealth'] });
    expect(await updatesOf(admin.companyId)).toHaveLength(1);
  });

  it('compares what the form could load: modules the company no longer has are not expected', async () => {
    const admin = await signInTenant(t, { modules: ['wealth', 'links'] });
    // Kept from when the company had Custom CSS; the list never shows it.
    const member = await memberOf(admin, ['wealth', 'custom_css']);
    const response = await admin.call(team.updateStaff.path, {
      username: member.username,
      role: 'member',
      permissions: ['wealth', 'links'],
      expected: { role: 'member', permissions: ['wealth'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedOf(member.id)).toEqual({
      role: 'member',
      permissions: ['custom_css', 'links', 'wealth'],
    });
  });

  it('lets only one of two saves from the same form state through', async () => {
    const admin = await signInTenant(t);
    const member = await memberOf(admin);
    const expected = { role: 'member', permissions: ['wealth'] };
    const answers = await Promise.all([
      admin.call(team.updateStaff.path, {
        username: member.username,
        role: 'member',
        permissions: ['wealth', 'links'],
        expected,
      }),
      admin.call(team.updateStaff.path, {
        username: member.username,
        role: 'admin',
        permissions: [],
        expected,
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await updatesOf(admin.companyId)).toHaveLength(1);
    const won = answers.find((answer) => answer.statusCode === 200)?.json();
    expect(await storedOf(member.id)).toEqual(
      won.role === 'admin'
        ? { role: 'admin', permissions: [] }
        : { role: 'member', permissions: ['links', 'wealth'] },
    );
  });

  it("still does not reach another company's member, whatever the form expected", async () => {
    const owner = await signInTenant(t);
    const member = await memberOf(owner);
    const intruder = await signInTenant(t);
    for (const expected of [
      { role: 'member', permissions: ['wealth'] },
      { role: 'admin', permissions: [] },
    ]) {
      const response = await intruder.call(team.updateStaff.path, {
        username: member.username,
        role: 'admin',
        permissions: ['wealth'],
        expected,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NotFound');
    }
    expect(await storedOf(member.id)).toEqual({ role: 'member', permissions: ['wealth'] });
    expect(await updatesOf(owner.companyId)).toHaveLength(0);
    expect(await updatesOf(intruder.companyId)).toHaveLength(0);
  });
});
