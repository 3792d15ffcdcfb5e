import { connections, funnel, type InstitutionHealth, links } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createLink, publicCall, signInAgain, submit } from '../connections/connections-fixtures';
import { createLinkFor } from '../links/links-fixtures';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A visitor opens the Link's page: answers the visit's connect token. */
async function openVisit(linkToken: string): Promise<string> {
  const started = await publicCall(t, links.startLinkSession.path, { token: linkToken, language: 'en' });
  expect(started.statusCode).toBe(200);
  return links.startLinkSession.response.parse(started.json()).connect_token;
}

const choose = (token: string, entity = 'santander') =>
  publicCall(t, connections.chooseConnectInstitution.path, { token, entity_id: entity });
const sendSca = (token: string, code: string) =>
  publicCall(t, connections.submitConnectSca.path, { token, code });

async function funnelOf(tenant: SignedInTenant, linkToken: string, days = 1) {
  const response = await tenant.call(funnel.getLinkFunnel.path, { token: linkToken, days });
  expect(response.statusCode, response.body).toBe(200);
  return funnel.getLinkFunnel.response.parse(response.json());
}

async function healthOf(
  tenant: SignedInTenant,
  entity = 'santander',
): Promise<InstitutionHealth | undefined> {
  const response = await tenant.call(funnel.getInstitutionHealth.path, {});
  expect(response.statusCode, response.body).toBe(200);
  const list = funnel.getInstitutionHealth.response.parse(response.json());
  expect(list.days).toBe(14);
  return list.institutions.find((item) => item.entity_id === entity);
}

describe('a Link funnel', () => {
  it('counts a scripted set of visits once per step, with failures by type and the conversion', async () => {
    let tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);

    // A: straight through.
    const a = await openVisit(link.token);
    expect((await choose(a)).statusCode).toBe(200);
    expect((await submit(t, a, { username: 'demo-ok', password: 'demo' })).statusCode).toBe(200);
    // B: SCA, a wrong code, then the right one; reloading the page on the way is the same visit.
    const b = await openVisit(link.token);
    await choose(b);
    expect((await submit(t, b, { username: 'demo-sca', password: 'demo' })).json().status).toBe(
      'sca_required',
    );
    const reload = await publicCall(t, links.startLinkSession.path, { token: link.token, connect_token: b });
    expect(links.startLinkSession.response.parse(reload.json()).connect_token).toBe(b);
    expect((await sendSca(b, '000000')).statusCode).toBe(422);
    expect((await sendSca(b, '123456')).statusCode).toBe(200);
    // C: a wrong password, twice, then leaves.
    const c = await openVisit(link.token);
    await choose(c);
    expect((await submit(t, c, { username: 'demo-wrong', password: 'x' })).statusCode).toBe(422);
    expect((await submit(t, c, { username: 'demo-wrong', password: 'y' })).statusCode).toBe(422);
    // D: opens the page and does nothing.
    await openVisit(link.token);

    const now = await funnelOf(tenant, link.token);
    expect(now.steps).toEqual({
      opened: 4,
      institution_chosen: 3,
      credentials_sent: 3,
      sca_asked: 1,
      sca_passed: 1,
      succeeded: 2,
      abandoned: 0,
    });
    expect(now.conversion).toBe(0.5);
    expect(now.failures).toEqual([
      { error: 'invalid_access', attempts: 2, visits: 1 },
      { error: 'invalid_sca_code', attempts: 1, visits: 1 },
    ]);

    t.clock.advanceMinutes(31);
    tenant = await signInAgain(t, tenant);
    const later = await funnelOf(tenant, link.token);
    // C and D idled out; A and B succeeded and never count as abandoned.
    expect(later.steps.abandoned).toBe(2);
    expect(later.steps.opened).toBe(4);

    // Windows: two days on, the 1-day funnel is empty and the 7-day one still has them.
    t.clock.advanceMinutes(2 * 24 * 60);
    tenant = await signInAgain(t, tenant);
    expect((await funnelOf(tenant, link.token, 1)).steps.opened).toBe(0);
    expect((await funnelOf(tenant, link.token, 1)).conversion).toBeNull();
    expect((await funnelOf(tenant, link.token, 7)).steps.succeeded).toBe(2);
  }, 60_000);

  it('calls a visit abandoned after 30 minutes idle, counted from its last step', async () => {
    let tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const visit = await openVisit(link.token);
    t.clock.advanceMinutes(20);
    await choose(visit);
    t.clock.advanceMinutes(29);
    tenant = await signInAgain(t, tenant);
    // 49 minutes after opening, 29 idle: still a live visit.
    expect((await funnelOf(tenant, link.token)).steps.abandoned).toBe(0);
    t.clock.advanceMinutes(1);
    tenant = await signInAgain(t, tenant);
    // Exactly 30 idle.
    expect((await funnelOf(tenant, link.token)).steps.abandoned).toBe(1);
    // The visitor comes back within the token's hour and succeeds: no longer abandoned.
    expect((await submit(t, visit, { username: 'demo-ok', password: 'demo' })).statusCode).toBe(200);
    t.clock.advanceMinutes(45);
    tenant = await signInAgain(t, tenant);
    const after = await funnelOf(tenant, link.token);
    expect(after.steps.abandoned).toBe(0);
    expect(after.steps.succeeded).toBe(1);
  });

  it("never counts another company's visits, and another company's Link is not found", async () => {
    const mine = await signInTenant(t);
    const theirs = await signInTenant(t);
    const myLink = await createLinkFor(mine);
    const theirLink = await createLinkFor(theirs);
    const visit = await openVisit(myLink.token);
    await choose(visit);
    for (let i = 0; i < 3; i += 1) {
      const other = await openVisit(theirLink.token);
      await submit(t, other, { username: 'demo-down', password: 'demo' });
    }
    const counts = await funnelOf(mine, myLink.token);
    expect(counts.steps.opened).toBe(1);
    expect(counts.steps.institution_chosen).toBe(1);
    expect(counts.failures).toEqual([]);
    expect((await funnelOf(theirs, theirLink.token)).steps.opened).toBe(3);
    // Asking with the other company's Link token: not found, nothing told.
    const stolen = await mine.call(funnel.getLinkFunnel.path, { token: theirLink.token, days: 30 });
    expect(stolen.statusCode).toBe(404);
    // Their institution is down for them, never for us (nor on our hosted pages).
    expect((await healthOf(theirs))?.state).toBe('down');
    expect(await healthOf(mine)).toBeUndefined();
    const ours = await publicCall(t, connections.getConnectSession.path, {
      token: await openVisit(myLink.token),
    });
    expect(connections.getConnectSession.response.parse(ours.json()).institution_states).toEqual([]);
  });

  it('refuses a window outside 1, 7, 14 and 30 days (none asked: 7) and an unknown institution choice', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    expect((await tenant.call(funnel.getLinkFunnel.path, { token: link.token, days: 3 })).statusCode).toBe(
      400,
    );
    // No window asked for: the screen's default one (QA: a 400 on `days`).
    const unasked = await tenant.call(funnel.getLinkFunnel.path, { token: link.token });
    expect(unasked.statusCode, unasked.body).toBe(200);
    expect(unasked.json().days).toBe(7);
    const visit = await openVisit(link.token);
    expect((await choose(visit, 'no-such-bank')).statusCode).toBe(404);
    expect((await choose('not-a-token')).statusCode).toBe(404);
  });
});

describe('institution health', () => {
  it('moves from down to degraded to operational with the recent outcomes, and tells the hosted page', async () => {
    let tenant = await signInTenant(t);
    const connectOnce = async (username: string) => {
      const link = await createLink(tenant);
      return submit(t, link.token, { username, password: 'demo' });
    };
    // A wrong password is the visitor's doing: never against the institution.
    for (let i = 0; i < 3; i += 1) await connectOnce('demo-wrong');
    expect((await healthOf(tenant))?.state).toBe('operational');
    await connectOnce('demo-down');
    await connectOnce('demo-down');
    // 2 of 5 recent outcomes are the institution's: degraded.
    expect((await healthOf(tenant))?.state).toBe('degraded');
    for (let i = 0; i < 3; i += 1) await connectOnce('demo-down');
    // The last 10 hold 5 downs of 8: still degraded (80 % needed for down).
    expect((await healthOf(tenant))?.state).toBe('degraded');
    for (let i = 0; i < 5; i += 1) await connectOnce('demo-down');
    // The last 10 are all the institution's.
    const down = await healthOf(tenant);
    expect(down?.state).toBe('down');
    expect(down?.connections).toEqual({ attempts: 13, successes: 0, rate: 0 });
    expect(down?.errors).toEqual([
      { error: 'down', count: 10 },
      { error: 'invalid_access', count: 3 },
    ]);
    const session = await publicCall(t, connections.getConnectSession.path, {
      token: (await createLink(tenant)).token,
    });
    expect(connections.getConnectSession.response.parse(session.json()).institution_states).toEqual([
      { entity_id: 'santander', state: 'down' },
    ]);

    // It comes back: two successes leave 8 downs in the last 10 (still down), three leave 7 (degraded).
    expect((await connectOnce('demo-ok')).statusCode).toBe(200);
    expect((await connectOnce('demo-ok')).statusCode).toBe(200);
    expect((await healthOf(tenant))?.state).toBe('down');
    await connectOnce('demo-ok');
    expect((await healthOf(tenant))?.state).toBe('degraded');
    for (let i = 0; i < 5; i += 1) await connectOnce('demo-ok');
    // 8 successes of the last 10: 2 downs is still 20 %.
    expect((await healthOf(tenant))?.state).toBe('degraded');
    await connectOnce('demo-ok');
    // 1 down in the last 10.
    expect((await healthOf(tenant))?.state).toBe('operational');

    // Old failures leave the state after the recent hours and the rates after 14 days.
    for (let i = 0; i < 4; i += 1) await connectOnce('demo-down');
    expect((await healthOf(tenant))?.state).toBe('degraded');
    t.clock.advanceMinutes(6 * 60 + 1);
    tenant = await signInAgain(t, tenant);
    const calm = await healthOf(tenant);
    expect(calm?.state).toBe('operational');
    expect(calm?.connections.attempts).toBe(26);
    expect(calm?.connections.successes).toBe(9);
    t.clock.advanceMinutes(14 * 24 * 60);
    tenant = await signInAgain(t, tenant);
    expect(await healthOf(tenant)).toBeUndefined();
  }, 90_000);

  it('answers one institution when asked, and counts refreshes apart from connections', async () => {
    const tenant = await signInTenant(t);
    const link = await createLink(tenant);
    await submit(t, link.token, { username: 'demo-ok', password: 'demo', entity_id: 'bbva' });
    await t.db
      .insertInto('institution_outcomes')
      .values([
        {
          company_id: tenant.companyId,
          entity_id: 'bbva',
          kind: 'refresh',
          outcome: 'success',
          occurred_at: t.clock(),
        },
        {
          company_id: tenant.companyId,
          entity_id: 'bbva',
          kind: 'refresh',
          outcome: 'sca_required',
          occurred_at: t.clock(),
        },
        {
          company_id: tenant.companyId,
          entity_id: 'santander',
          kind: 'refresh',
          outcome: 'down',
          occurred_at: t.clock(),
        },
      ])
      .execute();
    const response = await tenant.call(funnel.getInstitutionHealth.path, { entity_id: 'bbva' });
    const list = funnel.getInstitutionHealth.response.parse(response.json());
    expect(list.institutions).toEqual([
      {
        entity_id: 'bbva',
        state: 'operational',
        connections: { attempts: 1, successes: 1, rate: 1 },
        refreshes: { attempts: 2, successes: 1, rate: 0.5 },
        errors: [{ error: 'sca_required', count: 1 }],
      },
    ]);
  });
});
