import {
  type AuditEvent,
  applications,
  audit,
  connections,
  links,
  portals,
  summary,
  team,
  wealth,
} from '@caudal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOperatorCommand } from '../../operator/operator-commands';
import { GENESIS_HASH, hashAuditEvent } from '../../shared/audit/audit-event';
import { sealAuditEvents } from '../../shared/audit/audit-sealer';
import { verifyAuditChain } from '../../shared/audit/verify-audit-chain';
import { noJobQueue } from '../../shared/jobs/jobs';
import { findAuditEvents } from '../../test/audit-events';
import { createTenant, createTestApp, createUser, login, post, type TestApp } from '../../test/test-app';
import { connect } from '../connections/connections-fixtures';
import { REFRESH_QUEUE } from '../connections/refresh-jobs';
import { connectThroughLink, createLinkFor } from '../links/links-fixtures';
import { expectOneLineOfSuccession, type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = { name: 'María García López', alias: 'garcia-lopez-maria', entities: ['santander'] };

function eventsOf(companyId: string | null) {
  return findAuditEvents(t.db, companyId);
}

/** A company's seals in chain order, each with its event's id (null when the event row is gone). */
function sealsOf(companyId: string) {
  return t.db
    .selectFrom('audit_seals as s')
    .leftJoin('audit_events as e', 'e.position', 's.position')
    .select(['s.position', 's.seq', 's.previous_hash', 's.hash', 's.hash_version', 'e.id'])
    .where('s.company_key', '=', companyId)
    .orderBy('s.seq')
    .execute();
}

async function changesOf(companyId: string | null) {
  return (await eventsOf(companyId)).filter((event) => event.kind === 'change');
}

async function listEvents(tenant: SignedInTenant, filter: Record<string, unknown> = {}) {
  const response = await tenant.call(audit.listAuditEvents.path, filter);
  expect(response.statusCode, response.body).toBe(200);
  return audit.listAuditEvents.response.parse(response.json());
}

/** Renames a Link through the API, its other fields as they were. */
async function renameLink(
  tenant: SignedInTenant,
  link: Awaited<ReturnType<typeof createLinkFor>>,
  name: string,
) {
  const { token, redirect_uri, terms_and_conditions_url, privacy_policy_url } = link;
  const edited = await tenant.call(links.editLink.path, {
    token,
    name,
    redirect_uri,
    terms_and_conditions_url,
    privacy_policy_url,
  });
  expect(edited.statusCode, edited.body).toBe(200);
}

describe('every change appends exactly one event', () => {
  it('records client create, edit and delete with the actor, the target and the allowlisted fields', async () => {
    const tenant = await signInTenant(t);
    const client = (await tenant.call(wealth.clientCreate.path, form)).json();
    await tenant.call(wealth.clientEdit.path, { ...form, name: 'María García', client_id: client.id });
    await tenant.call(wealth.clientDelete.path, { client_id: client.id });
    const events = await changesOf(tenant.companyId);
    expect(events.map((event) => event.action)).toEqual(['client-create', 'client-edit', 'client-delete']);
    for (const event of events) {
      expect(event).toMatchObject({
        actor_kind: 'staff',
        actor_id: tenant.user.id,
        actor_name: tenant.user.username,
        target_client_id: client.id,
      });
      // Random, not a per-process counter: ids stay unique across restarts and instances.
      expect(event.request_id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    expect(new Set(events.map((event) => event.request_id)).size).toBe(events.length);
    // Only the field that changed; alias and entities kept theirs.
    expect(events[1]?.changes).toEqual({ name: { old: 'María García López', new: 'María García' } });
    // The deletion keeps who the client was: old values alone.
    expect(events[2]?.changes).toEqual({
      name: { old: 'María García' },
      alias: { old: 'garcia-lopez-maria' },
    });
  });

  it('records the exact values each of 12 concurrent edits of one client replaced', async () => {
    const tenant = await signInTenant(t);
    const client = (await tenant.call(wealth.clientCreate.path, form)).json();
    const names = Array.from({ length: 12 }, (_, index) => `Nombre ${index}`);
    const results = await Promise.all(
      names.map((name) => tenant.call(wealth.clientEdit.path, { ...form, name, client_id: client.id })),
    );
    expect(results.map((result) => result.statusCode)).toEqual(Array(12).fill(200));
    const edits = (await changesOf(tenant.companyId)).filter((event) => event.action === 'client-edit');
    const changes = edits.map((event) => (event.changes as { name: { old: string; new: string } }).name);
    await expectOneLineOfSuccession(t, client.id, form.name, changes);
  });

  it('writes none for a refused or failed call', async () => {
    const tenant = await signInTenant(t);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await tenant.call(wealth.clientEdit.path, { ...form, client_id: missing })).statusCode).toBe(404);
    expect((await tenant.call(wealth.clientDelete.path, { client_id: missing })).statusCode).toBe(404);
    expect((await tenant.call(wealth.clientCreate.path, { ...form, alias: '' })).statusCode).toBe(400);
    const member = await createUser(t.db, { companyId: tenant.companyId, role: 'member', permissions: [] });
    const memberToken = await login(t.app, {
      company: tenant.company.name,
      username: member.user.username,
      password: member.password,
    });
    const refused = await post(t.app, wealth.clientCreate.path, { token: memberToken, payload: form });
    expect(refused.statusCode).toBe(403);
    expect(await changesOf(tenant.companyId)).toEqual([]);
  });

  it('writes none when a refused call committed a transaction that changed nothing', async () => {
    // Each of these deletes or locks inside a transaction, commits it having matched no row, then
    // answers 404: the event must not ride on that empty transaction (found by the suite's fuzz).
    const tenant = await signInTenant(t);
    const refusals: [string, Record<string, unknown>][] = [
      [applications.deleteApplication.path, { client_id: 'app_not_here' }],
      [connections.credentialsDelete.path, { credentials_token: 'a'.repeat(32) }],
      [portals.deletePortal.path, { username: 'nobody-here' }],
      [portals.updatePortal.path, { username: 'nobody-here', client_ids: [] }],
    ];
    for (const [path, body] of refusals) {
      const response = await tenant.call(path, body);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(404);
    }
    expect(await changesOf(tenant.companyId)).toEqual([]);
    // The same calls, where there is something to change, still write their one event each.
    const client = (await tenant.call(wealth.clientCreate.path, form)).json();
    const portal = {
      username: 'portal-audited',
      email: 'portal-audited@caudal.test',
      name: 'Portal',
      password: 'CaudalPortal1!',
    };
    const created = await tenant.call(portals.createPortal.path, { ...portal, client_ids: [client.id] });
    expect(created.statusCode, created.body).toBe(200);
    expect((await tenant.call(portals.deletePortal.path, { username: portal.username })).statusCode).toBe(
      200,
    );
    expect((await changesOf(tenant.companyId)).map((event) => event.action)).toEqual([
      'client-create',
      'create-portal',
      'delete-portal',
    ]);
  });

  it('commits a change made by one lone statement with its event, or neither', async () => {
    // client-delete is one DELETE (now in a transaction of its own, which notes who the client was):
    // it once committed alone, and its event followed in a transaction of its own, so an event that
    // could not be written left the client deleted with no trace. Here the event cannot be written:
    // the client must stay.
    const tenant = await signInTenant(t);
    const client = (await tenant.call(wealth.clientCreate.path, form)).json();
    await sql`create function refuse_audit_event() returns trigger language plpgsql as $$
      begin raise exception 'audit log unavailable'; end $$`.execute(t.db);
    await sql`create trigger refuse_audit_event before insert on audit_events for each row
      when (new.company_id = ${sql.lit(tenant.companyId)}::uuid) execute function refuse_audit_event()`.execute(
      t.db,
    );
    try {
      const refused = await tenant.call(wealth.clientDelete.path, { client_id: client.id });
      expect(refused.statusCode, refused.body).toBe(500);
    } finally {
      await sql`drop trigger refuse_audit_event on audit_events`.execute(t.db);
      await sql`drop function refuse_audit_event()`.execute(t.db);
    }
    expect((await tenant.call(wealth.clientGet.path, { client_id: client.id })).statusCode).toBe(200);
    expect((await changesOf(tenant.companyId)).map((event) => event.action)).toEqual(['client-create']);
    // Once the event can be written, the same call deletes the client and records it.
    expect((await tenant.call(wealth.clientDelete.path, { client_id: client.id })).statusCode).toBe(200);
    expect((await changesOf(tenant.companyId)).map((event) => event.action)).toEqual([
      'client-create',
      'client-delete',
    ]);
  });

  it('writes none for a refresh that could not be queued, whose mark was taken back', async () => {
    // The mark and its undo are lone writes that are not the call's change: neither may carry the event
    // of a call that then answers 503 (decision 0062).
    const queueDown = await createTestApp({
      jobs: {
        async send(queue) {
          if (queue === REFRESH_QUEUE) throw new Error('the job queue is down');
          return false;
        },
        async stop() {},
      },
    });
    try {
      const tenant = await signInTenant(queueDown);
      const { credentialsToken } = await connect(queueDown, tenant);
      const refused = await tenant.call(connections.credentialsRefresh.path, {
        credentials_token: credentialsToken,
      });
      expect(refused.statusCode, refused.body).toBe(503);
      const changes = (await findAuditEvents(queueDown.db, tenant.companyId)).filter(
        (event) => event.kind === 'change',
      );
      expect(changes.map((event) => event.action)).not.toContain('credentials-refresh');
      expect(changes.length).toBeGreaterThan(0);
    } finally {
      await queueDown.close();
    }
  });

  it('records a team change by an admin, with the user as its target', async () => {
    const tenant = await signInTenant(t);
    const colleague = await createUser(t.db, { companyId: tenant.companyId, role: 'member' });
    const disabled = await tenant.call(team.disableStaff.path, { username: colleague.user.username });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const events = await changesOf(tenant.companyId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'disable-staff', target_user_id: colleague.user.username });
  });

  it('records sign-ins, failed sign-ins (an unknown company under none) and logouts, never the password', async () => {
    const tenant = await createTenant(t.db);
    const token = await login(t.app, tenant.credentials);
    const wrong = { ...tenant.credentials, password: 'Wrong-password-123' };
    expect((await post(t.app, '/auth/v0/login', { payload: wrong })).statusCode).toBe(401);
    const unknownCompany = `Nobody ${Math.random()}`;
    await post(t.app, '/auth/v0/login', { payload: { ...wrong, company: unknownCompany } });
    expect((await post(t.app, '/auth/v0/logout', { token })).statusCode).toBe(200);
    const events = await eventsOf(tenant.company.id);
    expect(events.map((event) => event.kind)).toEqual(['sign-in', 'sign-in-failed', 'logout']);
    expect(events[0]).toMatchObject({ actor_id: tenant.user.id, actor_kind: 'staff' });
    const orphan = (await eventsOf(null)).filter((event) => event.kind === 'sign-in-failed');
    expect(orphan.length).toBeGreaterThan(0);
    const all = JSON.stringify([...events, ...orphan]);
    expect(all).not.toContain('Wrong-password-123');
    expect(all).not.toContain(tenant.password);
  });

  it('names a signed-in user as stored, whatever case they typed their username in', async () => {
    const tenant = await createTenant(t.db);
    const user = await createUser(t.db, { companyId: tenant.company.id, username: 'Ana-Mixed' });
    await login(t.app, { company: tenant.company.name, username: 'ana-mixed', password: user.password });
    const wrong = { company: tenant.company.name, username: 'ANA-MIXED', password: 'Wrong-password-123' };
    expect((await post(t.app, '/auth/v0/login', { payload: wrong })).statusCode).toBe(401);
    const events = (await eventsOf(tenant.company.id)).filter((event) =>
      /ana-mixed/i.test(event.actor_name ?? ''),
    );
    // A wrong password proves nobody: that attempt keeps the name typed (lower case, as the lockout
    // counts it) and names no user.
    expect(events.map((event) => [event.kind, event.actor_name, event.target_user_id])).toEqual([
      ['sign-in', 'Ana-Mixed', 'Ana-Mixed'],
      ['sign-in-failed', 'ana-mixed', null],
    ]);
  });

  it('records operator commands as the operator, under the company they touch', async () => {
    const tenant = await createTenant(t.db);
    const member = await createUser(t.db, { companyId: tenant.company.id, role: 'member' });
    const outcome = await runOperatorCommand(
      { db: t.db, clock: t.clock, config: t.config, jobs: noJobQueue, log: { warn: () => {} } },
      { command: 'staff.disable', args: { company: tenant.company.name, username: member.user.username } },
    );
    expect(outcome).toMatchObject({ ok: true });
    const events = await changesOf(tenant.company.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor_kind: 'operator',
      action: 'staff.disable',
      target_user_id: member.user.username,
    });
    // Invited with no permissions named: the event records what was granted (every module), not null.
    const invited = await runOperatorCommand(
      { db: t.db, clock: t.clock, config: t.config, jobs: noJobQueue, log: { warn: () => {} } },
      {
        command: 'staff.invite',
        args: { company: tenant.company.name, email: 'granted@acme.test', username: 'granted-all' },
      },
    );
    expect(invited).toMatchObject({ ok: true });
    const [invitation] = (await changesOf(tenant.company.id)).filter(
      (event) => event.action === 'staff.invite',
    );
    const changes = (invitation?.changes ?? {}) as { permissions?: { new?: unknown } };
    const granted = changes.permissions?.new;
    expect(Array.isArray(granted) && granted.length > 0).toBe(true);
  });
});

describe('calls on a credential', () => {
  it('name the credential’s client, so the client’s history lists them; the summary’s delete emits its event', async () => {
    const tenant = await signInTenant(t);
    const client = (await tenant.call(wealth.clientCreate.path, form)).json();
    const first = await connect(t, tenant, { clientId: client.id });
    const second = await connect(t, tenant, { clientId: client.id, username: 'demo-ok-2' });
    const reset = await tenant.call(connections.credentialsForceReset.path, {
      credentials_token: first.credentialsToken,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(
      (await tenant.call(connections.credentialsDelete.path, { credentials_token: first.credentialsToken }))
        .statusCode,
    ).toBe(200);
    const viaSummary = await tenant.call(summary.deleteCredentials.path, {
      credentials_token: second.credentialsToken,
    });
    expect(viaSummary.statusCode, viaSummary.body).toBe(200);

    const events = (await changesOf(tenant.companyId)).filter((event) =>
      ['credentials-force-reset', 'credentials-delete', 'delete-credentials'].includes(event.action),
    );
    expect(events.map((event) => [event.action, event.target_client_id])).toEqual([
      ['credentials-force-reset', client.id],
      ['credentials-delete', client.id],
      ['delete-credentials', client.id],
    ]);
    // The client's history (filtered by the client) finds them.
    const history = await listEvents(tenant, { client_id: client.id });
    expect(history.items.map((event) => event.action)).toEqual(
      expect.arrayContaining(['credentials-force-reset', 'credentials-delete', 'delete-credentials']),
    );
    // Deleting through the summary is the same change as credentials-delete: integrators hear of it.
    const deletedEvents = await t.db
      .selectFrom('events')
      .select('data')
      .where('company_id', '=', tenant.companyId)
      .where('type', '=', 'credentials.deleted')
      .execute();
    expect(
      deletedEvents.map((event) => (event.data as { credentials_token: string }).credentials_token),
    ).toEqual([first.credentialsToken, second.credentialsToken]);
  });
});

describe('the operator’s company commands', () => {
  it('files each under the company it creates or changes, never under no company', async () => {
    const run = (command: string, args: Record<string, unknown>) =>
      runOperatorCommand(
        { db: t.db, clock: t.clock, config: t.config, jobs: noJobQueue, log: { warn: () => {} } },
        { command, args },
      );
    const name = `Operada ${Math.random().toString(36).slice(2, 8)}`;
    const orphansBefore = (await changesOf(null)).length;
    const created = await run('company.create', { name, modules: ['wealth'], language: 'es' });
    expect(created).toMatchObject({ ok: true });
    for (const [command, args] of [
      ['company.modules', { company: name, modules: ['wealth', 'links'] }],
      ['company.language', { company: name, language: 'en' }],
      ['company.disable', { company: name }],
      ['company.enable', { company: name }],
    ] as const) {
      expect(await run(command, args)).toMatchObject({ ok: true });
    }
    const company = await t.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    const events = await changesOf(company.id);
    expect(events.map((event) => event.action)).toEqual([
      'company.create',
      'company.modules',
      'company.language',
      'company.disable',
      'company.enable',
    ]);
    expect(events.every((event) => event.actor_kind === 'operator')).toBe(true);
    // What each replaced, beside what it set.
    expect(events[1]?.changes).toEqual({ modules: { old: ['wealth'], new: ['wealth', 'links'] } });
    expect(events[2]?.changes).toEqual({ language: { old: 'es', new: 'en' } });
    // A refused command (no such company) writes nothing, anywhere.
    expect(await run('company.disable', { company: `${name} bis` })).toMatchObject({ ok: false });
    expect(await changesOf(null)).toHaveLength(orphansBefore);
  });
});

describe('visitors and Link codes', () => {
  it('records a credential a visitor connects on the hosted page, under the company, and the code exchange', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const { code } = await connectThroughLink(t, link.token);
    const exchanged = await tenant.call(links.exchangeLinkCode.path, { code });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const credentialsToken = exchanged.json().credentials_token;
    const events = await changesOf(tenant.companyId);
    expect(events.map((event) => event.action)).toEqual([
      'create-link',
      'submit-credentials',
      'exchange-code',
    ]);
    expect(events[1]).toMatchObject({ actor_kind: 'visitor', target_credential_id: credentialsToken });
    expect(JSON.stringify(events[1]?.changes)).not.toContain('demo-ok');
    expect(events[2]).toMatchObject({ actor_kind: 'staff', target_link_id: link.token });
  });
});

describe('reading the log', () => {
  it('shows admins only their own company, filtered, in keyset pages', async () => {
    const tenant = await signInTenant(t);
    const other = await signInTenant(t);
    await other.call(wealth.clientCreate.path, form);
    for (let index = 0; index < 3; index++) {
      await tenant.call(wealth.clientCreate.path, { ...form, alias: `alias-${index}` });
      t.clock.advanceSeconds(1);
    }
    const all = await listEvents(tenant);
    expect(all.items.every((event: AuditEvent) => event.actor.id !== other.user.id)).toBe(true);
    const creates = await listEvents(tenant, { action: 'client-create', limit: 2 });
    expect(creates.items).toHaveLength(2);
    expect(creates.next_cursor).not.toBeNull();
    const rest = await listEvents(tenant, { action: 'client-create', limit: 2, cursor: creates.next_cursor });
    expect(rest.items).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
    const ids = new Set([...creates.items, ...rest.items].map((event) => event.id));
    expect(ids.size).toBe(3);
    const signIns = await listEvents(tenant, { actor: tenant.user.username, action: 'login' });
    expect(signIns.items.map((event) => event.kind)).toEqual(['sign-in']);
    // The user as typed, in any case, as a sign-in takes it.
    const shouted = await listEvents(tenant, { actor: tenant.user.username.toUpperCase(), action: 'login' });
    expect(shouted.items.map((event) => event.id)).toEqual(signIns.items.map((event) => event.id));
    // Another company's client id as a filter finds nothing of it.
    const otherClient = (await other.call(wealth.clientCreate.path, { ...form, alias: 'other' })).json();
    expect((await listEvents(tenant, { client_id: otherClient.id })).items).toEqual([]);
  });

  it('names a target client, deleted or not, and only one of the reader’s company', async () => {
    const tenant = await signInTenant(t);
    const kept = (await tenant.call(wealth.clientCreate.path, { ...form, name: 'Cliente Que Sigue' })).json();
    const gone = (
      await tenant.call(wealth.clientCreate.path, { ...form, name: 'Cliente Borrado', alias: 'gone' })
    ).json();
    expect((await tenant.call(wealth.clientDelete.path, { client_id: gone.id })).statusCode).toBe(200);
    const events = (await listEvents(tenant, { action: '' })).items.filter((event) => event.targets.client);
    const nameOf = (id: string) =>
      events.filter((event) => event.targets.client === id).map((event) => event.target_names.client);
    expect(nameOf(kept.id)).toEqual(['Cliente Que Sigue']);
    // The deleted client's events keep its id, and are named by the name its delete recorded.
    expect(nameOf(gone.id)).toEqual(['Cliente Borrado', 'Cliente Borrado']);
    // An event of another company naming this company's client (a forged row) never reads its name.
    const other = await signInTenant(t);
    await t.db
      .insertInto('audit_events')
      .values({
        company_id: other.companyId,
        occurred_at: t.clock(),
        kind: 'change',
        action: 'client-edit',
        actor_kind: 'staff',
        target_client_id: kept.id,
        changes: JSON.stringify({}),
      })
      .execute();
    const forged = (await listEvents(other, { action: 'client-edit' })).items;
    expect(forged.map((event) => event.target_names.client)).toEqual([null]);
  });

  it('names target Links and applications of the reader’s company; a deleted one by what its events recorded', async () => {
    const tenant = await signInTenant(t);
    const kept = await createLinkFor(tenant, { name: 'Link Que Sigue' });
    const gone = await createLinkFor(tenant, { name: 'Link Borrado' });
    await renameLink(tenant, kept, 'Link Renombrado');
    expect((await tenant.call(links.pauseLink.path, { token: gone.token })).statusCode).toBe(200);
    expect((await tenant.call(links.deleteLink.path, { token: gone.token })).statusCode).toBe(200);
    const app = (await tenant.call(applications.createApplication.path, { name: 'App Que Sigue' })).json();
    const rotated = await tenant.call(applications.rotateApplicationSecret.path, {
      client_id: app.client_id,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const goneApp = (await tenant.call(applications.createApplication.path, { name: 'App Borrada' })).json();
    const goneRotated = await tenant.call(applications.rotateApplicationSecret.path, {
      client_id: goneApp.client_id,
    });
    expect(goneRotated.statusCode, goneRotated.body).toBe(200);
    const deleted = await tenant.call(applications.deleteApplication.path, { client_id: goneApp.client_id });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const events = (await listEvents(tenant)).items;
    const named = (kind: 'link' | 'application', id: string) =>
      events
        .filter((event) => event.targets[kind] === id)
        .map((event) => [event.action, event.target_names[kind]])
        .reverse();
    // A Link or application that exists: today's name, on every event, whatever each recorded.
    expect(named('link', kept.token)).toEqual([
      ['create-link', 'Link Renombrado'],
      ['edit-link', 'Link Renombrado'],
    ]);
    expect(named('application', app.client_id)).toEqual([
      ['create-application', 'App Que Sigue'],
      ['rotate-application-secret', 'App Que Sigue'],
    ]);
    // Deleted: the name its delete recorded, on every event about it, one that recorded none included.
    expect(named('link', gone.token)).toEqual([
      ['create-link', 'Link Borrado'],
      ['pause-link', 'Link Borrado'],
      ['delete-link', 'Link Borrado'],
    ]);
    expect(named('application', goneApp.client_id)).toEqual([
      ['create-application', 'App Borrada'],
      ['rotate-application-secret', 'App Borrada'],
      ['delete-application', 'App Borrada'],
    ]);
    // A client target is named as before, and no Link or application name leaks onto other events.
    for (const event of events) {
      if (!event.targets.link) expect(event.target_names.link).toBeNull();
      if (!event.targets.application) expect(event.target_names.application).toBeNull();
    }
  });

  it('names a renamed and then deleted Link, and a deleted client, by the name they had when deleted', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant, { name: 'Primer Nombre' });
    await renameLink(tenant, link, 'Último Nombre');
    expect((await tenant.call(links.deleteLink.path, { token: link.token })).statusCode).toBe(200);
    const client = (await tenant.call(wealth.clientCreate.path, { ...form, name: 'Cliente Borrado' })).json();
    const edited = await tenant.call(wealth.clientEdit.path, {
      ...form,
      client_id: client.id,
      name: 'Cliente Que Se Irá',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await tenant.call(wealth.clientDelete.path, { client_id: client.id })).statusCode).toBe(200);

    const events = (await listEvents(tenant)).items;
    expect(
      events.filter((event) => event.targets.link === link.token).map((event) => event.target_names.link),
    ).toEqual(['Último Nombre', 'Último Nombre', 'Último Nombre']);
    expect(
      events
        .filter((event) => event.targets.client === client.id)
        .map((event) => [event.action, event.target_names.client]),
    ).toEqual([
      ['client-delete', 'Cliente Que Se Irá'],
      ['client-edit', 'Cliente Que Se Irá'],
      ['client-create', 'Cliente Que Se Irá'],
    ]);
  });

  it('never names another company’s Link or application, even one whose id an event holds', async () => {
    const tenant = await signInTenant(t);
    const other = await signInTenant(t);
    const theirLink = await createLinkFor(other, { name: 'Link Ajeno' });
    const theirApp = (await other.call(applications.createApplication.path, { name: 'App Ajena' })).json();
    // Nor one they deleted: their delete event names it in their log only.
    const theirGone = await createLinkFor(other, { name: 'Link Ajeno Borrado' });
    expect((await other.call(links.deleteLink.path, { token: theirGone.token })).statusCode).toBe(200);
    // Events of the reader's company holding the other company's ids (forged rows: the log keeps values,
    // not references, so nothing stops an id from meaning something elsewhere).
    for (const [action, targets] of [
      ['pause-link', { target_link_id: theirLink.token }],
      ['pause-link', { target_link_id: theirGone.token }],
      ['rotate-application-secret', { target_application_id: theirApp.client_id }],
    ] as const) {
      await t.db
        .insertInto('audit_events')
        .values({
          company_id: tenant.companyId,
          occurred_at: t.clock(),
          kind: 'change',
          action,
          actor_kind: 'staff',
          ...targets,
          changes: JSON.stringify({}),
        })
        .execute();
    }
    const forged = (await listEvents(tenant)).items.filter(
      (event) => event.targets.link || event.targets.application,
    );
    expect(forged.map((event) => [event.action, event.target_names])).toEqual([
      ['rotate-application-secret', { client: null, link: null, application: null }],
      ['pause-link', { client: null, link: null, application: null }],
      ['pause-link', { client: null, link: null, application: null }],
    ]);
    const page = JSON.stringify(await listEvents(tenant));
    expect(page).not.toContain('Link Ajeno');
    expect(page).not.toContain('Link Ajeno Borrado');
    expect(page).not.toContain('App Ajena');
    // Their own log names them.
    const theirs = (await listEvents(other)).items;
    expect(theirs.find((event) => event.targets.link === theirLink.token)?.target_names.link).toBe(
      'Link Ajeno',
    );
    expect(
      theirs.find((event) => event.targets.application === theirApp.client_id)?.target_names.application,
    ).toBe('App Ajena');
  });

  it('refuses members and portal users (403)', async () => {
    const tenant = await signInTenant(t);
    for (const kind of ['member', 'portal'] as const) {
      const user = await createUser(t.db, {
        companyId: tenant.companyId,
        ...(kind === 'portal' ? { kind: 'portal' } : { role: 'member' }),
      });
      const token = await login(t.app, {
        company: tenant.company.name,
        username: user.user.username,
        password: user.password,
      });
      expect((await post(t.app, audit.listAuditEvents.path, { token })).statusCode, kind).toBe(403);
    }
  });

  it('keeps a deleted user’s events', async () => {
    const tenant = await signInTenant(t);
    const colleague = await createUser(t.db, { companyId: tenant.companyId, role: 'admin' });
    const colleagueToken = await login(t.app, {
      company: tenant.company.name,
      username: colleague.user.username,
      password: colleague.password,
    });
    await post(t.app, wealth.clientCreate.path, { token: colleagueToken, payload: form });
    const deleted = await tenant.call(team.deleteStaff.path, { username: colleague.user.username });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const theirs = await listEvents(tenant, { actor: colleague.user.username });
    expect(theirs.items.map((event) => event.action).sort()).toEqual(['client-create', 'login']);
  });
});

describe('tamper evidence', () => {
  async function companyWithEvents() {
    const tenant = await signInTenant(t);
    for (let index = 0; index < 4; index++) {
      await tenant.call(wealth.clientCreate.path, { ...form, alias: `chain-${index}` });
    }
    await sealAuditEvents(t.db);
    return tenant;
  }

  /** Recomputes every seal of the chain after its events were edited by hand (and moves its head). */
  async function resealChain(companyId: string, version?: 1) {
    let previous = GENESIS_HASH;
    let last = { seq: '0', hash: GENESIS_HASH, prior: GENESIS_HASH };
    const events = new Map((await eventsOf(companyId)).map((row) => [row.position, row]));
    for (const seal of await sealsOf(companyId)) {
      const row = events.get(seal.position);
      if (!row) throw new Error(`no event at ${seal.position}`);
      const hashVersion = version ?? seal.hash_version;
      const { id: _id, position: _position, ...content } = row;
      const fields = { ...content, seq: String(seal.seq), occurred_at: new Date(row.occurred_at) };
      const hash = hashAuditEvent({ ...fields, previous_hash: previous }, hashVersion);
      await sql`update audit_seals set previous_hash = ${previous}, hash = ${hash},
        hash_version = ${hashVersion} where position = ${seal.position}`.execute(t.db);
      last = { seq: String(seal.seq), hash, prior: previous };
      previous = hash;
    }
    await sql`update audit_chain_heads set last_seq = ${last.seq}, last_hash = ${last.hash},
      prior_hash = ${last.prior} where company_key = ${companyId}`.execute(t.db);
  }

  it('finds an intact chain intact', async () => {
    const tenant = await companyWithEvents();
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({ ok: true, events: 5 });
  });

  it('verifies a client edit’s event, its changed name quoted as it is stored', async () => {
    const tenant = await companyWithEvents();
    const [created] = (await eventsOf(tenant.companyId)).filter((row) => row.action === 'client-create');
    const clientId = created?.target_client_id;
    const edited = await tenant.call(wealth.clientEdit.path, {
      ...form,
      name: "Lucía O'Brien Núñez",
      alias: 'chain-0',
      client_id: clientId,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await sealAuditEvents(t.db);
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({ ok: true, events: 6 });
    const event = (await eventsOf(tenant.companyId)).find((row) => row.action === 'client-edit');
    expect(event).toMatchObject({ target_client_id: clientId, actor_name: expect.any(String) });
    expect(event?.changes).toMatchObject({ name: { old: form.name, new: "Lucía O'Brien Núñez" } });
  });

  it('names the first event altered', async () => {
    const tenant = await companyWithEvents();
    const third = (await eventsOf(tenant.companyId))[2];
    await sql`update audit_events set actor_name = 'someone-else' where id = ${third?.id}`.execute(t.db);
    const verdict = await verifyAuditChain(t.db, tenant.companyId);
    expect(verdict).toMatchObject({ ok: false, altered: { id: third?.id, seq: '3' } });
  });

  it('names a sealed event whose row was removed', async () => {
    const tenant = await companyWithEvents();
    const events = await eventsOf(tenant.companyId);
    await sql`delete from audit_events where id = ${events[2]?.id}`.execute(t.db);
    const verdict = await verifyAuditChain(t.db, tenant.companyId);
    expect(verdict).toMatchObject({ ok: false, removed: { seq: '3', position: events[2]?.position } });
  });

  it('names where an event was removed with its seal', async () => {
    const tenant = await companyWithEvents();
    const events = await eventsOf(tenant.companyId);
    await sql`delete from audit_events where id = ${events[2]?.id}`.execute(t.db);
    await sql`delete from audit_seals where position = ${events[2]?.position}`.execute(t.db);
    const verdict = await verifyAuditChain(t.db, tenant.companyId);
    expect(verdict).toMatchObject({ ok: false, removed_before: { id: events[3]?.id, missing_seq: '3' } });
  });

  it('names the last events removed (the chain ends before its head)', async () => {
    const tenant = await companyWithEvents();
    const events = await eventsOf(tenant.companyId);
    await sql`delete from audit_events where id = ${events.at(-1)?.id}`.execute(t.db);
    await sql`delete from audit_seals where position = ${events.at(-1)?.position}`.execute(t.db);
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({
      ok: false,
      removed_last: { missing_seq: '5', last_seq: '5' },
    });
  });

  it('finds an event inserted around the API: in the log, neither sealed nor waiting for the sealer', async () => {
    const tenant = await companyWithEvents();
    await t.db
      .insertInto('audit_events')
      .values({
        company_id: tenant.companyId,
        occurred_at: new Date(t.clock().getTime() - 5 * 60_000),
        kind: 'change',
        action: 'delete-staff',
        actor_kind: 'staff',
        actor_name: 'carla',
        target_user_id: 'Ana',
        ip: '6.6.6.6',
        changes: JSON.stringify({}),
      })
      .execute();
    const forged = (await eventsOf(tenant.companyId)).at(-1);
    // The sealer chains only what the API queued for it: a pass changes nothing.
    await sealAuditEvents(t.db);
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({
      ok: false,
      unsealed: 0,
      outside_chain: { id: forged?.id, action: 'delete-staff', position: String(forged?.position) },
    });
  });

  it('finds an event moved from another company: removed from its chain, outside the other’s', async () => {
    const from = await companyWithEvents();
    const to = await companyWithEvents();
    const moved = (await eventsOf(from.companyId))[2];
    await sql`update audit_events set company_id = ${to.companyId} where id = ${moved?.id}`.execute(t.db);
    expect(await verifyAuditChain(t.db, from.companyId)).toMatchObject({ ok: false, removed: { seq: '3' } });
    expect(await verifyAuditChain(t.db, to.companyId)).toMatchObject({
      ok: false,
      outside_chain: { id: moved?.id },
    });
  });

  it('finds a removed chain head while sealed events remain', async () => {
    const tenant = await companyWithEvents();
    await sql`delete from audit_chain_heads where company_key = ${tenant.companyId}`.execute(t.db);
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({ ok: false, head_missing: true });
  });

  it('verifies a chain begun with version-1 hashes (before migration 0028) and continued with version 2', async () => {
    const tenant = await companyWithEvents();
    await resealChain(tenant.companyId, 1);
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({ ok: true, events: 5 });
    await tenant.call(wealth.clientCreate.path, { ...form, alias: 'after-v1' });
    await sealAuditEvents(t.db);
    const events = await eventsOf(tenant.companyId);
    expect((await sealsOf(tenant.companyId)).map((seal) => seal.hash_version)).toEqual([1, 1, 1, 1, 1, 2]);
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({ ok: true, events: 6 });
    // A version-1 event still detects its own alteration.
    await sql`update audit_events set action = 'client-delete' where id = ${events[1]?.id}`.execute(t.db);
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({
      ok: false,
      altered: { id: events[1]?.id },
    });
  });

  it('keeps one gapless chain under 20 concurrent writers of one company', async () => {
    const tenant = await signInTenant(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        tenant.call(wealth.clientCreate.path, { ...form, alias: `parallel-${index}` }),
      ),
    );
    expect(results.map((result) => result.statusCode)).toEqual(Array(20).fill(200));
    await sealAuditEvents(t.db);
    const seals = await sealsOf(tenant.companyId);
    expect(seals.map((seal) => Number(seal.seq))).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({ ok: true, events: 21 });
  });

  it('verifies from the purge boundary after the retention purge', async () => {
    const tenant = await companyWithEvents();
    const { auditPurgeTask } = await import('../../shared/audit/audit-purge');
    const events = await eventsOf(tenant.companyId);
    // Age the first two events past the retention.
    await sql`update audit_events set occurred_at = occurred_at - interval '400 days'
      where id in (${events[0]?.id}, ${events[1]?.id})`.execute(t.db);
    // Re-seal the aged rows as if they had been written then, so only the purge is under test.
    await resealChain(tenant.companyId);
    const purged = await auditPurgeTask(365).purge(t.db, t.clock());
    expect(purged).toBeGreaterThanOrEqual(2);
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({
      ok: true,
      events: 3,
      from_seq: '3',
    });
    expect(await eventsOf(tenant.companyId)).toHaveLength(3);
    await tenant.call(wealth.clientCreate.path, { ...form, alias: 'after-purge' });
    await sealAuditEvents(t.db);
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({ ok: true, events: 4 });
  });
});

describe('the sealer (decision 0049)', () => {
  async function unsealedOf(companyId: string) {
    const verdict = await verifyAuditChain(t.db, companyId);
    return verdict.unsealed;
  }

  it('leaves committed events unsealed until it passes, then chains them in position order', async () => {
    const tenant = await signInTenant(t);
    await sealAuditEvents(t.db);
    for (let index = 0; index < 3; index++) {
      await tenant.call(wealth.clientCreate.path, { ...form, alias: `order-${index}` });
    }
    // Committed with their changes, waiting for the sealer: verify says so, and finds nothing broken.
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({
      ok: true,
      events: 1,
      unsealed: 3,
    });
    await sealAuditEvents(t.db);
    const events = await eventsOf(tenant.companyId);
    const seals = await sealsOf(tenant.companyId);
    expect(seals.map((seal) => seal.id)).toEqual(events.map((event) => event.id));
    expect(seals.map((seal) => Number(seal.seq))).toEqual([1, 2, 3, 4]);
    expect(seals[0]?.previous_hash).toBe(GENESIS_HASH);
    for (let index = 1; index < seals.length; index++) {
      expect(seals[index]?.previous_hash).toBe(seals[index - 1]?.hash);
    }
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({
      ok: true,
      events: 4,
      unsealed: 0,
    });
  });

  it('keeps one gapless chain while sealers run during 20 concurrent writers, never sealing twice', async () => {
    const tenant = await signInTenant(t);
    let isWriting = true;
    const sealers = Array.from({ length: 3 }, async () => {
      while (isWriting) await sealAuditEvents(t.db, 4);
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        tenant.call(wealth.clientCreate.path, { ...form, alias: `sealing-${index}` }),
      ),
    );
    isWriting = false;
    await Promise.all(sealers);
    expect(results.map((result) => result.statusCode)).toEqual(Array(20).fill(200));
    while ((await sealAuditEvents(t.db)).sealed > 0);
    const seals = await sealsOf(tenant.companyId);
    expect(seals.map((seal) => Number(seal.seq))).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(new Set(seals.map((seal) => seal.id)).size).toBe(21);
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({
      ok: true,
      events: 21,
      unsealed: 0,
    });
  });

  it("seals a company's events in the same pass as another company's burst, a batch each", async () => {
    const busy = await signInTenant(t);
    const quiet = await signInTenant(t);
    await sealAuditEvents(t.db);
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        busy.call(wealth.clientCreate.path, { ...form, alias: `burst-${index}` }),
      ),
    );
    await quiet.call(wealth.clientCreate.path, form);
    const pass = await sealAuditEvents(t.db, 5);
    expect(pass.hasMore).toBe(true);
    expect(await unsealedOf(quiet.companyId)).toBe(0);
    expect(await unsealedOf(busy.companyId)).toBe(7);
    while ((await sealAuditEvents(t.db, 5)).hasMore);
    expect(await verifyAuditChain(t.db, busy.companyId)).toMatchObject({ ok: true, events: 13, unsealed: 0 });
  });

  it('loses nothing when sealing fails or the process stops between commit and seal', async () => {
    const tenant = await signInTenant(t);
    const other = await signInTenant(t);
    await sealAuditEvents(t.db);
    await tenant.call(wealth.clientCreate.path, { ...form, alias: 'crash-1' });
    await tenant.call(wealth.clientCreate.path, { ...form, alias: 'crash-2' });
    await other.call(wealth.clientCreate.path, form);
    // A seal in the way of the next one: that company's sealing rolls back whole (no seal, markers
    // kept), and the other company is sealed all the same.
    await sql`insert into audit_seals (position, company_key, seq, previous_hash, hash, hash_version)
      values (-1, ${tenant.companyId}, 2, 'x', 'x', 2)`.execute(t.db);
    await expect(sealAuditEvents(t.db)).rejects.toThrow();
    await sql`delete from audit_seals where position = -1`.execute(t.db);
    expect(await unsealedOf(tenant.companyId)).toBe(2);
    expect(await verifyAuditChain(t.db, other.companyId)).toMatchObject({ ok: true, events: 2, unsealed: 0 });
    // A sealer started afterwards (a restart) seals what was committed and never sealed.
    const { startAuditSealer } = await import('../../shared/audit/audit-sealer');
    const sealer = startAuditSealer({ db: t.db, log: { warn: () => {} }, delayMs: 0 });
    await sealer.wake();
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({
      ok: true,
      events: 3,
      unsealed: 0,
    });
    // And it is woken by a commit of this process, with no timer.
    await tenant.call(wealth.clientCreate.path, { ...form, alias: 'after-restart' });
    const deadline = Date.now() + 5_000;
    while ((await unsealedOf(tenant.companyId)) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await sealer.stop();
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({
      ok: true,
      events: 4,
      unsealed: 0,
    });
  });

  it('chains the digest written with the event: values that JSON and jsonb spell differently verify', async () => {
    const tenant = await signInTenant(t);
    await sealAuditEvents(t.db);
    const { appendAuditEventAlone } = await import('../../shared/audit/append-audit-event');
    await appendAuditEventAlone(
      t.db,
      {
        companyId: tenant.companyId.toUpperCase(),
        kind: 'change',
        action: 'client-edit',
        actor: { kind: 'staff', id: tenant.user.id, name: "O'Brien \\ ñandú" },
        targets: { client: 'c-1' },
        ip: '127.0.0.1',
        userAgent: `${'x'.repeat(600)}€`,
        requestId: 'req-digest',
        changes: {
          name: { old: 'a "quoted" \\ name\n', new: '😀 ñ' },
          entities: { old: [], new: ['santander', 'bbva'] },
          amount: { old: 1.5e21, new: 0.30000000000000004 },
          nested: { new: { z: 1, a: [null, { y: 'x', b: false }] } },
        },
      },
      new Date('2026-11-26T20:00:00.123Z'),
    );
    await sealAuditEvents(t.db);
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({ ok: true, unsealed: 0 });
  });

  it('finds an event altered after its commit and before its seal (the seal chains what was written)', async () => {
    const tenant = await signInTenant(t);
    await sealAuditEvents(t.db);
    await tenant.call(wealth.clientCreate.path, { ...form, alias: 'altered-before-seal' });
    const [, created] = await eventsOf(tenant.companyId);
    await sql`update audit_events set actor_name = 'someone else' where id = ${created?.id}`.execute(t.db);
    await sealAuditEvents(t.db);
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({
      ok: false,
      altered: { id: created?.id },
    });
  });

  it('seals markers written before migration 0038 (no digest) by reading their events', async () => {
    const tenant = await signInTenant(t);
    await sealAuditEvents(t.db);
    await tenant.call(wealth.clientCreate.path, { ...form, alias: 'old-marker-1' });
    await tenant.call(wealth.clientCreate.path, { ...form, alias: 'old-marker-2' });
    const [, first] = await eventsOf(tenant.companyId);
    await sql`update audit_unsealed set content_digest = null where position = ${first?.position}`.execute(
      t.db,
    );
    await sealAuditEvents(t.db);
    const seals = await sealsOf(tenant.companyId);
    expect(seals.map((seal) => seal.id)).toEqual((await eventsOf(tenant.companyId)).map((event) => event.id));
    expect(await verifyAuditChain(t.db, tenant.companyId)).toMatchObject({
      ok: true,
      events: 3,
      unsealed: 0,
    });
  });
});
