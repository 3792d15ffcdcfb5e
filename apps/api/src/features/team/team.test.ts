import { team, VALIDATION } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, post, type TestApp } from '../../test/test-app';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STRONG = 'Colleague-Pass1!';

async function invite(admin: SignedInTenant, overrides: Record<string, unknown> = {}) {
  const body = {
    email: 'colleague@acme.test',
    username: `colleague-${Math.random().toString(36).slice(2, 8)}`,
    name: 'Col League',
    role: 'member',
    permissions: ['links'],
    language: 'en',
    ...overrides,
  };
  const response = await admin.call(team.inviteStaff.path, body);
  expect(response.statusCode, response.body).toBe(200);
  return { body, member: response.json(), token: await lastInvitationToken(body.email) };
}

/** The link's token, as the invited person reads it from the mail in the outbox. */
async function lastInvitationToken(email: string): Promise<string> {
  const mail = await t.db
    .selectFrom('mail_outbox')
    .select(['body_text', 'subject'])
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const match = /\/sesion\/invitation#([A-Za-z0-9_-]+)/.exec(mail.body_text);
  if (!match?.[1]) throw new Error(`no invitation link in ${mail.body_text}`);
  return match[1];
}

function accept(token: string, password = STRONG) {
  return post(t.app, team.acceptInvitation.path, { payload: { token, password } });
}

describe('invitations', () => {
  it('invites a member who has no password, mails a 72 h link in the inviter language, and signs them in once', async () => {
    const admin = await signInTenant(t);
    const { body, member, token } = await invite(admin);
    expect(member).toMatchObject({
      username: body.username,
      role: 'member',
      permissions: ['links'],
      state: 'invited',
    });
    expect(Date.parse(member.invitation_expires_at) - t.clock().getTime()).toBe(72 * 3_600_000);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'body_text'])
      .where('to_address', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain('you are invited');
    expect(mail.body_text).toContain(`http://portal.caudal.test/en/sesion/invitation#${token}`);
    // ≥ 128 bits, and only its hash is stored.
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.db.selectFrom('staff_invitations').select('token_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    // No password yet: signing in is refused whatever is typed.
    const before = await post(t.app, '/auth/v0/login', {
      payload: { company: admin.company.name, username: body.username, password: '' },
    });
    expect(before.statusCode).toBe(400);

    const details = await post(t.app, team.getInvitation.path, { payload: { token } });
    expect(details.json()).toEqual({
      username: body.username,
      name: 'Col League',
      company_name: admin.company.name,
    });

    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const me = await post(t.app, '/platform/me', { token: accepted.json().access_token });
    expect(me.json()).toMatchObject({
      user: { username: body.username, role: 'member' },
      permissions: ['links'],
    });

    // Used twice: refused, and the password stays the first one.
    const again = await accept(token, 'Another-Pass1!');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('InvalidInvitation');
    expect(
      await login(t.app, { company: admin.company.name, username: body.username, password: STRONG }),
    ).toBeTruthy();
  });

  it('refuses a link after 72 hours', async () => {
    const admin = await signInTenant(t);
    const { token } = await invite(admin);
    t.clock.advanceMinutes(72 * 60 + 1);
    const late = await accept(token);
    expect(late.json().error.code).toBe('InvalidInvitation');
    expect((await post(t.app, team.getInvitation.path, { payload: { token } })).json().error.code).toBe(
      'InvalidInvitation',
    );
  });

  it('refuses a revoked link, and a resend replaces the earlier link', async () => {
    const admin = await signInTenant(t);
    const first = await invite(admin);
    const resent = await admin.call(team.resendInvitation.path, {
      username: first.body.username,
      language: 'es',
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await lastInvitationToken(first.body.email);
    expect(second).not.toBe(first.token);
    expect((await accept(first.token)).json().error.code).toBe('InvalidInvitation');

    const revoked = await admin.call(team.revokeInvitation.path, { username: first.body.username });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await accept(second)).json().error.code).toBe('InvalidInvitation');
    const list = await admin.call(team.listStaff.path, { search: first.body.username });
    expect(list.json()).toEqual([]);
  });

  it('refuses a username any user of the company already has (staff or portal), in any case', async () => {
    const admin = await signInTenant(t);
    const portal = await createUser(t.db, {
      companyId: admin.company.id,
      kind: 'portal',
      username: 'Shared.Name',
    });
    const clash = await admin.call(team.inviteStaff.path, {
      email: 'x@acme.test',
      username: portal.user.username.toLowerCase(),
      name: 'X',
      role: 'member',
      permissions: ['links'],
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('DuplicatedUsername');
  });

  it('refuses a member invited or edited to no permission (they could open no section); an admin needs none', async () => {
    const admin = await signInTenant(t);
    const body = { email: 'sin-permisos@acme.test', username: 'sin-permisos', name: 'Sin Permisos' };
    const refused = await admin.call(team.inviteStaff.path, { ...body, role: 'member', permissions: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([
      expect.objectContaining({ path: ['permissions'], message: VALIDATION.permissionRequired }),
    ]);
    const users = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'sin-permisos')
      .execute();
    expect(users).toEqual([]);
    const asAdmin = await admin.call(team.inviteStaff.path, { ...body, role: 'admin', permissions: [] });
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    // Nor is a user made such a member by an edit (QA: invited as an admin, then demoted with none).
    const demoted = await admin.call(team.updateStaff.path, {
      username: body.username,
      role: 'member',
      permissions: [],
    });
    expect(demoted.statusCode).toBe(400);
    expect(demoted.json().error.issues[0]).toMatchObject({ path: ['permissions'] });
    const row = await t.db.selectFrom('users').select('role').where('username', '=', body.username).execute();
    expect(row).toEqual([{ role: 'admin' }]);
  });

  it('refuses permissions outside the company modules', async () => {
    const admin = await signInTenant(t, { modules: ['links'] });
    const response = await admin.call(team.inviteStaff.path, {
      email: 'x@acme.test',
      username: 'wants-wealth',
      name: 'X',
      role: 'member',
      permissions: ['wealth'],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('UnknownPermission');
  });
});

describe('who may call the team calls', () => {
  it('answers 403 to a member on every team call, and to a portal user', async () => {
    const admin = await signInTenant(t);
    const { token } = await invite(admin, { role: 'member', permissions: ['wealth', 'links'] });
    const memberToken = (await accept(token)).json().access_token as string;
    const portal = await createUser(t.db, { companyId: admin.company.id, kind: 'portal' });
    const portalToken = await login(t.app, {
      company: admin.company.name,
      username: portal.user.username,
      password: portal.password,
    });
    const calls = [
      team.listStaff,
      team.inviteStaff,
      team.resendInvitation,
      team.revokeInvitation,
      team.updateStaff,
      team.disableStaff,
      team.enableStaff,
      team.deleteStaff,
    ];
    for (const callerToken of [memberToken, portalToken]) {
      for (const call of calls) {
        const response = await post(t.app, call.path, {
          token: callerToken,
          payload: { username: admin.user.username },
        });
        expect(response.statusCode, `${call.path}: ${response.body}`).toBe(403);
      }
    }
    // The member's session survives (the portal never calls these for them, but the guard refused cleanly).
    expect((await post(t.app, '/platform/me', { token: memberToken })).statusCode).toBe(200);
    const unchanged = await admin.call(team.listStaff.path, { search: admin.user.username });
    expect(unchanged.json()[0]).toMatchObject({ state: 'active', role: 'admin' });
  });

  it("does not let another company's admin see or touch this company's staff", async () => {
    const target = await signInTenant(t);
    const colleague = await createUser(t.db, { companyId: target.company.id, role: 'member' });
    const intruder = await signInTenant(t);
    for (const call of [
      team.disableStaff,
      team.enableStaff,
      team.deleteStaff,
      team.resendInvitation,
      team.revokeInvitation,
    ]) {
      const response = await intruder.call(call.path, { username: colleague.user.username });
      expect(response.statusCode, call.path).toBe(404);
    }
    const update = await intruder.call(team.updateStaff.path, {
      username: colleague.user.username,
      role: 'admin',
      permissions: [],
    });
    expect(update.statusCode).toBe(404);
    const list = await intruder.call(team.listStaff.path, { search: colleague.user.username });
    expect(list.json()).toEqual([]);
    const row = await t.db
      .selectFrom('users')
      .select(['role', 'disabled_at'])
      .where('id', '=', colleague.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'member', disabled_at: null });
  });
});

describe('roles, permissions and states', () => {
  it("follows the user's own permissions in the guard: a links member gets 403 on wealth calls", async () => {
    const admin = await signInTenant(t);
    const { token } = await invite(admin, { permissions: ['links'] });
    const memberToken = (await accept(token)).json().access_token as string;
    const wealth = await post(t.app, '/platform/wealth/client-list', { token: memberToken, payload: {} });
    expect(wealth.statusCode).toBe(403);
    const links = await post(t.app, '/platform/links/list-links', { token: memberToken, payload: {} });
    expect(links.statusCode).toBe(200);
  });

  it('edits role and permissions; the change applies on the next call', async () => {
    const admin = await signInTenant(t);
    const { body, token } = await invite(admin, { permissions: ['links'] });
    const memberToken = (await accept(token)).json().access_token as string;
    const updated = await admin.call(team.updateStaff.path, {
      username: body.username,
      role: 'admin',
      permissions: ['wealth', 'customCSS'],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ role: 'admin', permissions: ['wealth', 'customCSS'] });
    const me = await post(t.app, '/platform/me', { token: memberToken });
    expect(me.json()).toMatchObject({ user: { role: 'admin' }, permissions: ['wealth', 'customCSS'] });
    const stored = await t.db
      .selectFrom('users')
      .select('permissions')
      .where('username', '=', body.username)
      .executeTakeFirstOrThrow();
    expect(stored.permissions.sort()).toEqual(['custom_css', 'wealth']);
  });

  it("refuses a disabled user's live token on its next call, and enabling lets them sign in again", async () => {
    const admin = await signInTenant(t);
    const colleague = await createUser(t.db, { companyId: admin.company.id, role: 'member' });
    const credentials = {
      company: admin.company.name,
      username: colleague.user.username,
      password: colleague.password,
    };
    const liveToken = await login(t.app, credentials);
    expect((await post(t.app, '/platform/me', { token: liveToken })).statusCode).toBe(200);

    const disabled = await admin.call(team.disableStaff.path, { username: colleague.user.username });
    expect(disabled.json()).toMatchObject({ state: 'disabled' });
    expect((await post(t.app, '/platform/me', { token: liveToken })).statusCode).toBe(401);
    await expect(login(t.app, credentials)).rejects.toThrow(/401/);

    const enabled = await admin.call(team.enableStaff.path, { username: colleague.user.username });
    expect(enabled.json()).toMatchObject({ state: 'active' });
    // The old session stays ended; a new sign-in works.
    expect((await post(t.app, '/platform/me', { token: liveToken })).statusCode).toBe(401);
    expect(await login(t.app, credentials)).toBeTruthy();
  });

  it('deletes a user: their token dies with them', async () => {
    const admin = await signInTenant(t);
    const colleague = await createUser(t.db, { companyId: admin.company.id, role: 'member' });
    const liveToken = await login(t.app, {
      company: admin.company.name,
      username: colleague.user.username,
      password: colleague.password,
    });
    const deleted = await admin.call(team.deleteStaff.path, { username: colleague.user.username });
    expect(deleted.statusCode).toBe(200);
    expect((await post(t.app, '/platform/me', { token: liveToken })).statusCode).toBe(401);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', colleague.user.id).execute()).toEqual(
      [],
    );
  });

  it('keeps the last active admin, and nobody locks themselves out', async () => {
    const admin = await signInTenant(t);
    const own = admin.user.username;
    for (const [call, payload] of [
      [team.updateStaff, { username: own, role: 'member', permissions: ['links'] }],
      [team.disableStaff, { username: own }],
      [team.deleteStaff, { username: own }],
    ] as const) {
      const response = await admin.call(call.path, payload);
      expect(response.statusCode, call.path).toBe(409);
      expect(response.json().error.code).toBe('SelfLockout');
    }
    // With a second active admin, the first may be demoted (by the second).
    const second = await createUser(t.db, { companyId: admin.company.id, role: 'admin' });
    const secondToken = await login(t.app, {
      company: admin.company.name,
      username: second.user.username,
      password: second.password,
    });
    const demoted = await post(t.app, team.updateStaff.path, {
      token: secondToken,
      payload: { username: own, role: 'member', permissions: ['links'] },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    // Now `second` is the last active admin: an invited admin does not count.
    await invite(
      { ...admin, call: (path, payload) => post(t.app, path, { token: secondToken, payload }) },
      { role: 'admin' },
    );
    const rows = await t.db
      .selectFrom('users')
      .select(['username', 'role'])
      .where('company_id', '=', admin.company.id)
      .execute();
    expect(rows.filter((row) => row.role === 'admin')).toHaveLength(2);
    // The operator (no actor) is bound by the last-admin rule too.
    const { disableStaff } = await import('./team');
    await expect(
      disableStaff(
        { ...t.app.deps, log: t.app.log },
        { companyId: admin.company.id, actorUserId: null },
        { username: second.user.username },
      ),
    ).rejects.toMatchObject({ code: 'LastAdmin' });
  });
});

describe('list', () => {
  it('pages, searches and sorts on the server, with the total in x-total-count', async () => {
    const admin = await signInTenant(t);
    for (const name of ['Zoe', 'Ana', 'Marta']) {
      await createUser(t.db, {
        companyId: admin.company.id,
        username: `${name.toLowerCase()}-list`,
        name,
        role: 'member',
      });
    }
    await createUser(t.db, { companyId: admin.company.id, kind: 'portal', username: 'portal-list' });
    const page = await admin.call(team.listStaff.path, {
      search: '-list',
      sort: 'name',
      order: 'desc',
      page: 1,
      page_size: 2,
    });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((member: { name: string }) => member.name)).toEqual(['Zoe', 'Marta']);
    const next = await admin.call(team.listStaff.path, {
      search: '-list',
      sort: 'name',
      order: 'desc',
      page: 2,
      page_size: 2,
    });
    expect(next.json().map((member: { name: string }) => member.name)).toEqual(['Ana']);
  });
});

describe('housekeeping', () => {
  it('purges invitation links a day after they died, and keeps live ones', async () => {
    const { teamPurgeTasks } = await import('./team-housekeeping');
    const admin = await signInTenant(t);
    const live = await invite(admin);
    const used = await invite(admin);
    expect((await accept(used.token)).statusCode).toBe(200);
    const countOf = async (token: string) => {
      const { hashToken } = await import('../../shared/secure-tokens');
      return (
        await t.db
          .selectFrom('staff_invitations')
          .select('token_hash')
          .where('token_hash', '=', hashToken(token))
          .execute()
      ).length;
    };
    const later = new Date(t.clock().getTime() + 25 * 3_600_000);
    for (const task of teamPurgeTasks) await task.purge(t.db, later);
    expect(await countOf(used.token)).toBe(0);
    expect(await countOf(live.token)).toBe(1);
  });
});
