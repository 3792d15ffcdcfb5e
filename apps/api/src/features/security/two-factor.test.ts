import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEvents } from '../../test/audit-events';
import { createTenant, createTestApp, createUser, login, post, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_IP: '1000' } });
});
afterAll(() => t.close());

const codeAt = (key: string, date: Date) =>
  generate({ secret: key, epoch: Math.floor(date.getTime() / 1000) });
const nowCode = (key: string) => codeAt(key, t.clock());
/** Codes are accepted once per 30 s step: tests that sign in again move to the next step first. */
const nextStep = () => t.clock.advanceSeconds(30);

/** A staff user with two-factor enrolled from the account page; returns the key and recovery codes. */
async function createEnrolledTenant() {
  const tenant = await createTenant(t.db);
  const token = await login(t.app, tenant.credentials);
  const begun = await post(t.app, '/platform/security/begin-enrolment', { token });
  expect(begun.statusCode).toBe(200);
  const { key, uri, qr_svg } = begun.json();
  expect(uri).toContain(`secret=${key}`);
  expect(qr_svg).toContain('<svg');
  const confirmed = await post(t.app, '/platform/security/confirm-enrolment', {
    token,
    payload: { code: await nowCode(key) },
  });
  expect(confirmed.statusCode).toBe(200);
  const recoveryCodes: string[] = confirmed.json().recovery_codes;
  nextStep();
  return { ...tenant, key, recoveryCodes, token };
}

async function passwordStep(credentials: { company: string; username: string; password: string }) {
  const response = await post(t.app, '/auth/v0/login', { payload: credentials });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const verify = (payload: unknown) => post(t.app, '/auth/v0/login/verify-code', { payload });

describe('enrolment', () => {
  it('keeps the key sealed, ten distinct recovery codes of at least 128 bits hashed', async () => {
    const tenant = await createEnrolledTenant();
    expect(tenant.recoveryCodes).toHaveLength(10);
    expect(new Set(tenant.recoveryCodes).size).toBe(10);
    for (const code of tenant.recoveryCodes) {
      // base32: 5 bits a character.
      expect(code.replace(/-/g, '').length * 5).toBeGreaterThanOrEqual(128);
    }
    const row = await t.db
      .selectFrom('users')
      .select(['totp_key', 'totp_pending_key'])
      .where('id', '=', tenant.user.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_key).toMatch(/^v1\./);
    expect(row.totp_key).not.toContain(tenant.key);
    expect(row.totp_pending_key).toBeNull();
    const hashes = await t.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', tenant.user.id)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(tenant.recoveryCodes.join()).not.toContain(code_hash);
    const status = await post(t.app, '/platform/security/two-factor', { token: tenant.token });
    expect(status.json()).toEqual({ is_enabled: true, is_required: false, recovery_codes_left: 10 });
  });

  it('refuses a wrong first code and leaves two-factor off', async () => {
    const tenant = await createTenant(t.db);
    const token = await login(t.app, tenant.credentials);
    const { key } = (await post(t.app, '/platform/security/begin-enrolment', { token })).json();
    const wrong = String((Number(await nowCode(key)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post(t.app, '/platform/security/confirm-enrolment', {
      token,
      payload: { code: wrong },
    });
    expect(refused.json().error.code).toBe('InvalidTwoFactorCode');
    expect((await post(t.app, '/platform/security/two-factor', { token })).json().is_enabled).toBe(false);
    // Without two-factor the spec's answer is unchanged: a token straight away.
    expect((await passwordStep(tenant.credentials)).access_token).toBeTruthy();
  });
});

describe('sign-in with a second step', () => {
  it('gives no token for the password alone, then one for the code', async () => {
    const tenant = await createEnrolledTenant();
    const first = await passwordStep(tenant.credentials);
    expect(first).toEqual({ second_step: 'code', challenge: expect.any(String), expires_in: 300 });
    expect(first.access_token).toBeUndefined();
    const answer = await verify({ challenge: first.challenge, code: await nowCode(tenant.key) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const me = await post(t.app, '/platform/me', { token: answer.json().access_token });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a wrong code, and keeps the challenge for the right one', async () => {
    const tenant = await createEnrolledTenant();
    const { challenge } = await passwordStep(tenant.credentials);
    const right = await nowCode(tenant.key);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await verify({ challenge, code: wrong });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('InvalidTwoFactorCode');
    expect((await verify({ challenge, code: right })).statusCode).toBe(200);
  });

  it('refuses a code used once already, even with a fresh challenge', async () => {
    const tenant = await createEnrolledTenant();
    const code = await nowCode(tenant.key);
    const first = await passwordStep(tenant.credentials);
    expect((await verify({ challenge: first.challenge, code })).statusCode).toBe(200);
    const second = await passwordStep(tenant.credentials);
    const reused = await verify({ challenge: second.challenge, code });
    expect(reused.json().error.code).toBe('InvalidTwoFactorCode');
    // The previous step's code (still inside the window) is refused too: only later steps pass.
    t.clock.advanceSeconds(30);
    expect((await verify({ challenge: second.challenge, code: await nowCode(tenant.key) })).statusCode).toBe(
      200,
    );
  });

  it('accepts a recovery code once, typed in any case and spacing', async () => {
    const tenant = await createEnrolledTenant();
    const recovery = tenant.recoveryCodes[3] ?? '';
    const first = await passwordStep(tenant.credentials);
    const typed = recovery.toLowerCase().replace(/-/g, ' ');
    expect((await verify({ challenge: first.challenge, recovery_code: typed })).statusCode).toBe(200);
    const second = await passwordStep(tenant.credentials);
    const reused = await verify({ challenge: second.challenge, recovery_code: recovery });
    expect(reused.json().error.code).toBe('InvalidTwoFactorCode');
    const status = await post(t.app, '/platform/security/two-factor', { token: tenant.token });
    expect(status.json().recovery_codes_left).toBe(9);
  });

  it('refuses a reused challenge and an expired one', async () => {
    const tenant = await createEnrolledTenant();
    const first = await passwordStep(tenant.credentials);
    expect((await verify({ challenge: first.challenge, code: await nowCode(tenant.key) })).statusCode).toBe(
      200,
    );
    nextStep();
    const reused = await verify({ challenge: first.challenge, code: await nowCode(tenant.key) });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('InvalidChallenge');

    const second = await passwordStep(tenant.credentials);
    t.clock.advanceSeconds(301);
    const expired = await verify({ challenge: second.challenge, code: await nowCode(tenant.key) });
    expect(expired.json().error.code).toBe('InvalidChallenge');
    expect((await verify({ challenge: 'made-up', code: '123456' })).json().error.code).toBe(
      'InvalidChallenge',
    );
  });

  it("refuses another user's recovery code, and a challenge whose user was disabled meanwhile", async () => {
    const tenant = await createEnrolledTenant();
    const stranger = await createEnrolledTenant();
    const { challenge } = await passwordStep(tenant.credentials);
    const foreign = await verify({ challenge, recovery_code: stranger.recoveryCodes[0] });
    expect(foreign.json().error.code).toBe('InvalidTwoFactorCode');
    await t.db
      .updateTable('users')
      .set({ disabled_at: t.clock() })
      .where('id', '=', tenant.user.id)
      .execute();
    const disabled = await verify({ challenge, code: await nowCode(tenant.key) });
    expect(disabled.json().error.code).toBe('InvalidChallenge');
  });

  it('lets 50 parallel code guesses reach only the lockout, then refuses the right code', async () => {
    const tenant = await createEnrolledTenant();
    const { challenge } = await passwordStep(tenant.credentials);
    const right = await nowCode(tenant.key);
    const guesses = Array.from({ length: 50 }, (_, index) =>
      String((Number(right) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((code) => verify({ challenge, code })));
    const codes = answers.map((answer) => answer.json().error?.code);
    // Five were checked (the lockout's limit); the other 45 were refused unchecked.
    expect(codes.filter((code) => code === 'InvalidTwoFactorCode')).toHaveLength(5);
    expect(codes.filter((code) => code === 'LoginFailed')).toHaveLength(45);
    // Locked: the right code is refused, and the password again does not reset the count.
    expect((await verify({ challenge, code: right })).json().error.code).toBe('LoginFailed');
    const again = await post(t.app, '/auth/v0/login', { payload: tenant.credentials });
    expect(again.json().error.code).toBe('LoginFailed');
  });

  it('does not let a correct password wipe earlier code failures', async () => {
    const tenant = await createEnrolledTenant();
    for (let round = 0; round < 5; round++) {
      const { challenge } = await passwordStep(tenant.credentials);
      const wrong = String((Number(await nowCode(tenant.key)) + 7) % 1_000_000).padStart(6, '0');
      expect((await verify({ challenge, code: wrong })).json().error.code).toBe('InvalidTwoFactorCode');
    }
    const locked = await post(t.app, '/auth/v0/login', { payload: tenant.credentials });
    expect(locked.json().error.code).toBe('LoginFailed');
  });
});

describe('company policy and reset', () => {
  it('sends staff without two-factor to enrol before their first token', async () => {
    const tenant = await createTenant(t.db);
    const adminToken = await login(t.app, tenant.credentials);
    const set = await post(t.app, '/platform/team/set-two-factor-policy', {
      token: adminToken,
      payload: { is_required: true },
    });
    expect(set.json()).toEqual({ is_required: true });
    const colleague = await createUser(t.db, { companyId: tenant.company.id, role: 'member' });
    const credentials = {
      company: tenant.company.name,
      username: colleague.user.username,
      password: colleague.password,
    };
    const first = await passwordStep(credentials);
    expect(first).toMatchObject({ second_step: 'enrol' });
    // The enrolment challenge is not a code challenge.
    expect((await verify({ challenge: first.challenge, code: '123456' })).json().error.code).toBe(
      'InvalidChallenge',
    );
    const begun = await post(t.app, '/auth/v0/login/begin-enrolment', {
      payload: { challenge: first.challenge },
    });
    const { key } = begun.json();
    const confirmed = await post(t.app, '/auth/v0/login/confirm-enrolment', {
      payload: { challenge: first.challenge, code: await nowCode(key) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().recovery_codes).toHaveLength(10);
    expect((await post(t.app, '/platform/me', { token: confirmed.json().access_token })).statusCode).toBe(
      200,
    );
    nextStep();
    expect((await passwordStep(credentials)).second_step).toBe('code');
  });

  it('asks an invited colleague to enrol before their first token: accepting the invitation opens no session', async () => {
    const tenant = await createTenant(t.db);
    const adminToken = await login(t.app, tenant.credentials);
    await post(t.app, '/platform/team/set-two-factor-policy', {
      token: adminToken,
      payload: { is_required: true },
    });
    const username = `invited-${Math.random().toString(36).slice(2, 8)}`;
    const email = `${username}@acme.test`;
    const invited = await post(t.app, '/platform/team/invite-staff', {
      token: adminToken,
      payload: { email, username, name: 'Invited', role: 'member', permissions: ['wealth'], language: 'en' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    const invitationToken = /#([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1];
    const sessionsOf = () =>
      t.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.id')
        .where('users.username', '=', username)
        .execute();

    const accepted = await post(t.app, '/v0/platform/team/accept-invitation', {
      payload: { token: invitationToken, password: 'Colleague-Pass1!' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The attack: the link used to sign the colleague in with the password alone.
    expect(accepted.json()).not.toHaveProperty('access_token');
    expect(accepted.json()).toMatchObject({ second_step: 'enrol' });
    expect(await sessionsOf()).toHaveLength(0);

    const { key } = (
      await post(t.app, '/auth/v0/login/begin-enrolment', {
        payload: { challenge: accepted.json().challenge },
      })
    ).json();
    const confirmed = await post(t.app, '/auth/v0/login/confirm-enrolment', {
      payload: { challenge: accepted.json().challenge, code: await nowCode(key) },
    });
    expect(confirmed.statusCode).toBe(200);
    const me = await post(t.app, '/platform/me', { token: confirmed.json().access_token });
    expect(me.json()).toMatchObject({ user: { username } });
    expect(await sessionsOf()).toHaveLength(1);
    nextStep();
  });

  it('signs an invited colleague in at once where two-factor is not required, the session noting its browser', async () => {
    const tenant = await createTenant(t.db);
    const adminToken = await login(t.app, tenant.credentials);
    const username = `invited-${Math.random().toString(36).slice(2, 8)}`;
    const email = `${username}@acme.test`;
    await post(t.app, '/platform/team/invite-staff', {
      token: adminToken,
      payload: { email, username, name: 'Invited', role: 'member', permissions: ['wealth'], language: 'en' },
    });
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/v0/platform/team/accept-invitation',
      headers: { 'user-agent': 'Invited Browser/1.0' },
      payload: { token: /#([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1], password: 'Colleague-Pass1!' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const sessions = await post(t.app, '/platform/security/list-sessions', {
      token: accepted.json().access_token,
    });
    expect(JSON.stringify(sessions.json())).toContain('Invited Browser/1.0');
  });

  it('lets an admin reset a colleague: the key goes, their sessions end, the password alone signs in', async () => {
    const tenant = await createTenant(t.db);
    const adminToken = await login(t.app, tenant.credentials);
    const colleague = await createUser(t.db, { companyId: tenant.company.id, role: 'member' });
    const credentials = {
      company: tenant.company.name,
      username: colleague.user.username,
      password: colleague.password,
    };
    const colleagueToken = await login(t.app, credentials);
    const { key } = (
      await post(t.app, '/platform/security/begin-enrolment', { token: colleagueToken })
    ).json();
    await post(t.app, '/platform/security/confirm-enrolment', {
      token: colleagueToken,
      payload: { code: await nowCode(key) },
    });
    const reset = await post(t.app, '/platform/team/reset-two-factor', {
      token: adminToken,
      payload: { username: colleague.user.username },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().has_two_factor).toBe(false);
    expect((await post(t.app, '/platform/me', { token: colleagueToken })).statusCode).toBe(401);
    expect((await passwordStep(credentials)).access_token).toBeTruthy();
  });

  it("refuses a reset by another company's admin, and a member's", async () => {
    const tenant = await createEnrolledTenant();
    const other = await createTenant(t.db);
    const otherToken = await login(t.app, other.credentials);
    const crossed = await post(t.app, '/platform/team/reset-two-factor', {
      token: otherToken,
      payload: { username: tenant.user.username },
    });
    expect(crossed.statusCode).toBe(404);
    const member = await createUser(t.db, { companyId: tenant.company.id, role: 'member' });
    const memberToken = await login(t.app, {
      company: tenant.company.name,
      username: member.user.username,
      password: member.password,
    });
    const byMember = await post(t.app, '/platform/team/reset-two-factor', {
      token: memberToken,
      payload: { username: tenant.user.username },
    });
    expect(byMember.statusCode).toBe(403);
    expect((await passwordStep(tenant.credentials)).second_step).toBe('code');
  });

  it('refuses a reset of oneself (the Security page does it) and of someone without it, writing nothing', async () => {
    const tenant = await createEnrolledTenant();
    const adminToken = tenant.token;
    const own = await post(t.app, '/platform/team/reset-two-factor', {
      token: adminToken,
      payload: { username: tenant.user.username.toUpperCase() },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe('Conflict');
    expect((await passwordStep(tenant.credentials)).second_step).toBe('code');
    const without = await createUser(t.db, { companyId: tenant.company.id, role: 'member' });
    const none = await post(t.app, '/platform/team/reset-two-factor', {
      token: adminToken,
      payload: { username: without.user.username },
    });
    expect(none.statusCode).toBe(409);
    const events = await findAuditEvents(t.db, tenant.company.id);
    expect(events.filter((event) => event.action === 'reset-two-factor')).toEqual([]);
  });
});

describe('sessions', () => {
  it('lists the live sessions with address and browser, and ends another on its next call', async () => {
    const tenant = await createTenant(t.db);
    const first = await login(t.app, tenant.credentials);
    const second = await t.app.inject({
      method: 'POST',
      url: '/auth/v0/login',
      payload: tenant.credentials,
      headers: { 'user-agent': 'Mozilla/5.0 Firefox/140.0' },
    });
    const secondToken = second.json().access_token;
    const list = await post(t.app, '/platform/security/list-sessions', { token: first });
    const sessions = list.json();
    expect(sessions).toHaveLength(2);
    const other = sessions.find((session: { is_current: boolean }) => !session.is_current);
    expect(other).toMatchObject({ browser: 'Mozilla/5.0 Firefox/140.0', address: '127.0.0.1' });
    expect((await post(t.app, '/platform/me', { token: secondToken })).statusCode).toBe(200);
    const ended = await post(t.app, '/platform/security/end-session', {
      token: first,
      payload: { id: other.id },
    });
    expect(ended.statusCode).toBe(200);
    expect((await post(t.app, '/platform/me', { token: secondToken })).statusCode).toBe(401);
    expect((await post(t.app, '/platform/me', { token: first })).statusCode).toBe(200);
    expect((await post(t.app, '/platform/security/list-sessions', { token: first })).json()).toHaveLength(1);
  });

  it("cannot end another user's session, and ends all its own others at once", async () => {
    const tenant = await createTenant(t.db);
    const stranger = await createTenant(t.db);
    const strangerToken = await login(t.app, stranger.credentials);
    const strangerSessions = (
      await post(t.app, '/platform/security/list-sessions', { token: strangerToken })
    ).json();
    const mine = await login(t.app, tenant.credentials);
    const refused = await post(t.app, '/platform/security/end-session', {
      token: mine,
      payload: { id: strangerSessions[0].id },
    });
    expect(refused.statusCode).toBe(404);
    expect((await post(t.app, '/platform/me', { token: strangerToken })).statusCode).toBe(200);

    const others = [await login(t.app, tenant.credentials), await login(t.app, tenant.credentials)];
    const ended = await post(t.app, '/platform/security/end-other-sessions', { token: mine });
    expect(ended.json()).toEqual({ ended: 2 });
    for (const token of others) expect((await post(t.app, '/platform/me', { token })).statusCode).toBe(401);
    expect((await post(t.app, '/platform/me', { token: mine })).statusCode).toBe(200);
  });
});

describe('the second step in the audit log', () => {
  /** The company's sign-in events since `after` (position), oldest first. */
  async function signInEvents(companyId: string, after = '0') {
    return t.db
      .selectFrom('audit_events')
      .select(['position', 'kind', 'action', 'actor_kind', 'actor_id', 'target_user_id', 'changes', 'ip'])
      .where('company_id', '=', companyId)
      .where('kind', 'in', ['sign-in', 'sign-in-failed'])
      .where('position', '>', after)
      .orderBy('position')
      .execute();
  }
  async function lastSeq(companyId: string) {
    const row = await t.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.max('position').as('seq'))
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return String(row?.seq ?? '0');
  }

  it('records a refused code as sign-in-failed of the user, then the sign-in, naming the factor', async () => {
    const tenant = await createEnrolledTenant();
    const since = await lastSeq(tenant.company.id);
    const { challenge } = await passwordStep(tenant.credentials);
    // The right password alone signs nobody in: nothing recorded yet.
    expect(await signInEvents(tenant.company.id, since)).toEqual([]);
    const right = await nowCode(tenant.key);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect((await verify({ challenge, code: wrong })).statusCode).toBe(422);
    expect((await verify({ challenge, code: right })).statusCode).toBe(200);
    const events = await signInEvents(tenant.company.id, since);
    expect(events).toMatchObject([
      {
        kind: 'sign-in-failed',
        action: 'login',
        actor_kind: 'staff',
        actor_id: tenant.user.id,
        changes: { factor: { new: 'totp' } },
      },
      {
        kind: 'sign-in',
        action: 'login',
        actor_kind: 'staff',
        actor_id: tenant.user.id,
        target_user_id: tenant.user.username.toLowerCase(),
        changes: { factor: { new: 'totp' } },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain(wrong);
    expect(JSON.stringify(events)).not.toContain(right);
  });

  it('records a recovery code sign-in as such, and a reused one as a failure', async () => {
    const tenant = await createEnrolledTenant();
    const recovery = tenant.recoveryCodes[0] ?? '';
    const since = await lastSeq(tenant.company.id);
    const first = await passwordStep(tenant.credentials);
    expect((await verify({ challenge: first.challenge, recovery_code: recovery })).statusCode).toBe(200);
    const second = await passwordStep(tenant.credentials);
    expect((await verify({ challenge: second.challenge, recovery_code: recovery })).statusCode).toBe(422);
    const events = await signInEvents(tenant.company.id, since);
    expect(events.map((event) => [event.kind, event.changes])).toEqual([
      ['sign-in', { factor: { new: 'recovery-code' } }],
      ['sign-in-failed', { factor: { new: 'recovery-code' } }],
    ]);
    expect(JSON.stringify(events)).not.toContain(recovery);
  });

  it('records nothing for an unknown or reused challenge (it names nobody)', async () => {
    const tenant = await createEnrolledTenant();
    const since = await lastSeq(tenant.company.id);
    const refused = await verify({ challenge: 'x'.repeat(43), code: '123456' });
    expect(refused.json().error.code).toBe('InvalidChallenge');
    expect(await signInEvents(tenant.company.id, since)).toEqual([]);
  });

  it('records the enrolment at sign-in: a wrong first code fails, the right one signs in', async () => {
    const tenant = await createTenant(t.db);
    const adminToken = await login(t.app, tenant.credentials);
    await post(t.app, '/platform/team/set-two-factor-policy', {
      token: adminToken,
      payload: { is_required: true },
    });
    const colleague = await createUser(t.db, { companyId: tenant.company.id, role: 'member' });
    const credentials = {
      company: tenant.company.name,
      username: colleague.user.username,
      password: colleague.password,
    };
    const since = await lastSeq(tenant.company.id);
    const { challenge } = await passwordStep(credentials);
    const { key } = (await post(t.app, '/auth/v0/login/begin-enrolment', { payload: { challenge } })).json();
    const right = await nowCode(key);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post(t.app, '/auth/v0/login/confirm-enrolment', {
      payload: { challenge, code: wrong },
    });
    expect(refused.json().error.code).toBe('InvalidTwoFactorCode');
    const confirmed = await post(t.app, '/auth/v0/login/confirm-enrolment', {
      payload: { challenge, code: right },
    });
    expect(confirmed.statusCode).toBe(200);
    const events = await signInEvents(tenant.company.id, since);
    expect(events).toMatchObject([
      { kind: 'sign-in-failed', actor_id: colleague.user.id, changes: { factor: { new: 'enrolment' } } },
      { kind: 'sign-in', actor_id: colleague.user.id, changes: { factor: { new: 'enrolment' } } },
    ]);
  });
});
