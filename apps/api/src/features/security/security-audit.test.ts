import { security } from '@caudal/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEvents } from '../../test/audit-events';
import { createTenant, createTestApp, login, post, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nowCode = (key: string) => generate({ secret: key, epoch: Math.floor(t.clock().getTime() / 1000) });

describe('the audit of the account’s own security', () => {
  it('names the user as the target of their enrolment', async () => {
    const tenant = await createTenant(t.db);
    const token = await login(t.app, tenant.credentials);
    const begun = await post(t.app, security.beginEnrolment.path, { token });
    expect(begun.statusCode, begun.body).toBe(200);
    const { key } = begun.json();
    const confirmed = await post(t.app, security.confirmEnrolment.path, {
      token,
      payload: { code: await nowCode(key) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    for (const action of ['begin-enrolment', 'confirm-enrolment']) {
      const events = await findAuditEvents(t.db, tenant.company.id, action);
      expect(events, action).toHaveLength(1);
      expect(events[0], action).toMatchObject({
        actor_id: tenant.user.id,
        target_user_id: tenant.user.username,
        changes: {},
      });
      const stored = JSON.stringify(events[0]);
      expect(stored).not.toContain(key);
      for (const code of confirmed.json().recovery_codes) expect(stored).not.toContain(code);
    }
  });

  it('names the user and the ended session (its id, never its token)', async () => {
    const tenant = await createTenant(t.db);
    const mine = await login(t.app, tenant.credentials);
    const other = await login(t.app, tenant.credentials);
    const sessions = (await post(t.app, security.listSessions.path, { token: mine })).json();
    const ended = sessions.find((session: { is_current: boolean }) => !session.is_current);
    const response = await post(t.app, security.endSession.path, { token: mine, payload: { id: ended.id } });
    expect(response.statusCode, response.body).toBe(200);
    const events = await findAuditEvents(t.db, tenant.company.id, 'end-session');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor_id: tenant.user.id,
      target_user_id: tenant.user.username,
      changes: { id: { new: ended.id } },
    });
    expect(JSON.stringify(events[0])).not.toContain(other);
  });

  it('names the user whose other sessions were ended', async () => {
    const tenant = await createTenant(t.db);
    const mine = await login(t.app, tenant.credentials);
    await login(t.app, tenant.credentials);
    const response = await post(t.app, security.endOtherSessions.path, { token: mine });
    expect(response.json()).toEqual({ ended: 1 });
    const events = await findAuditEvents(t.db, tenant.company.id, 'end-other-sessions');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_id: tenant.user.id, target_user_id: tenant.user.username });
  });

  it('writes none for a session that is not the user’s', async () => {
    const tenant = await createTenant(t.db);
    const mine = await login(t.app, tenant.credentials);
    const missing = await post(t.app, security.endSession.path, {
      token: mine,
      payload: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
    expect(await findAuditEvents(t.db, tenant.company.id, 'end-session')).toEqual([]);
  });
});
