import { auth, team } from '@caudal/contract';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEvents } from '../../test/audit-events';
import { createTenant, createTestApp, createUser, login, post, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_IP: '1000' } });
});
afterAll(() => t.close());

const nowCode = (key: string) => generate({ secret: key, epoch: Math.floor(t.clock().getTime() / 1000) });
const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

/** A member of a company that requires two-factor, who has none: their password step asks to enrol. */
async function colleagueToEnrol() {
  const tenant = await createTenant(t.db);
  const adminToken = await login(t.app, tenant.credentials);
  const set = await post(t.app, team.setTwoFactorPolicy.path, {
    token: adminToken,
    payload: { is_required: true },
  });
  expect(set.statusCode, set.body).toBe(200);
  const { user, password } = await createUser(t.db, { companyId: tenant.company.id, role: 'member' });
  const step = await post(t.app, auth.login.path, {
    payload: { company: tenant.company.name, username: user.username, password },
  });
  expect(step.json()).toMatchObject({ second_step: 'enrol' });
  const challenge: string = step.json().challenge;
  return { companyId: tenant.company.id, user, challenge };
}

async function beginEnrolment(challenge: string): Promise<string> {
  const begun = await post(t.app, auth.beginSignInEnrolment.path, { payload: { challenge } });
  expect(begun.statusCode, begun.body).toBe(200);
  return begun.json().key;
}

function confirm(challenge: string, code: string) {
  return post(t.app, auth.confirmSignInEnrolment.path, { payload: { challenge, code } });
}

describe('enrolment at sign-in in the audit log', () => {
  it('records the account page’s enrolment actions under the company, the user as actor and target, once each', async () => {
    const { companyId, user, challenge } = await colleagueToEnrol();
    const key = await beginEnrolment(challenge);
    const right = await nowCode(key);
    expect((await confirm(challenge, wrongCode(right))).json().error.code).toBe('InvalidTwoFactorCode');
    const confirmed = await confirm(challenge, right);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const events = (await findAuditEvents(t.db, companyId)).filter(
      (event) => event.actor_id === user.id && event.action !== 'set-two-factor-policy',
    );
    expect(events.map((event) => [event.kind, event.action])).toEqual([
      ['change', 'begin-enrolment'],
      ['sign-in-failed', 'login'],
      ['change', 'confirm-enrolment'],
      ['sign-in', 'login'],
    ]);
    for (const event of events.filter((candidate) => candidate.kind === 'change')) {
      expect(event).toMatchObject({
        company_id: companyId,
        actor_kind: 'staff',
        actor_id: user.id,
        actor_name: user.username,
        target_user_id: user.username,
        changes: {},
      });
    }
    const stored = JSON.stringify(events);
    for (const secret of [
      key,
      right,
      challenge,
      confirmed.json().access_token,
      ...confirmed.json().recovery_codes,
    ]) {
      expect(stored).not.toContain(secret);
    }
    // Nothing of it is kept under no company.
    const orphans = await findAuditEvents(t.db, null);
    expect(orphans.filter((event) => event.actor_id === user.id)).toEqual([]);
  });

  it('commits the key with its event, or neither', async () => {
    const { companyId, user, challenge } = await colleagueToEnrol();
    const key = await beginEnrolment(challenge);
    await sql`create function refuse_enrolment_event() returns trigger language plpgsql as $$
      begin raise exception 'audit log unavailable'; end $$`.execute(t.db);
    await sql`create trigger refuse_enrolment_event before insert on audit_events for each row
      when (new.action = 'confirm-enrolment' and new.company_id = ${sql.lit(companyId)}::uuid)
      execute function refuse_enrolment_event()`.execute(t.db);
    try {
      const refused = await confirm(challenge, await nowCode(key));
      expect(refused.statusCode, refused.body).toBe(500);
    } finally {
      await sql`drop trigger refuse_enrolment_event on audit_events`.execute(t.db);
      await sql`drop function refuse_enrolment_event()`.execute(t.db);
    }
    const row = await t.db
      .selectFrom('users')
      .select(['totp_key', 'totp_enabled_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_key: null, totp_enabled_at: null });
    expect(await findAuditEvents(t.db, companyId, 'confirm-enrolment')).toEqual([]);
    // Once the event can be written, the same challenge enrols and signs in, recorded once.
    const confirmed = await confirm(challenge, await nowCode(key));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await findAuditEvents(t.db, companyId, 'confirm-enrolment')).toHaveLength(1);
  });

  it('records no enrolment for a challenge that is not one', async () => {
    const { companyId } = await colleagueToEnrol();
    const unknown = await post(t.app, auth.beginSignInEnrolment.path, {
      payload: { challenge: 'x'.repeat(43) },
    });
    expect(unknown.json().error.code).toBe('InvalidChallenge');
    expect((await confirm('x'.repeat(43), '123456')).json().error.code).toBe('InvalidChallenge');
    expect(await findAuditEvents(t.db, companyId, 'begin-enrolment')).toEqual([]);
    expect(await findAuditEvents(t.db, companyId, 'confirm-enrolment')).toEqual([]);
  });
});
