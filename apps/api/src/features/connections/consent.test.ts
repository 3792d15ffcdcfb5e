import {
  CONSENT_RENEWAL_LINK_TTL_MS,
  connections,
  deriveCredentialState,
  deriveSummaryState,
  summary,
  team,
} from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CREDENTIALS } from '../../engine/sandbox';
import { buildPurgeTasks } from '../../purge-tasks';
import { runHousekeeping } from '../../shared/housekeeping/housekeeping';
import { findAuditEvents } from '../../test/audit-events';
import { createLogCapture, createTestApp, type TestApp } from '../../test/test-app';
import { createApplicationFor, getToken } from '../data-api/data-api-fixtures';
import { createCredentials } from '../seed/wealth-factories';
import { type SignedInTenant, signInPortalUser, signInTenant } from '../wealth/wealth-fixtures';
import {
  connect,
  credentialRow,
  informationOf,
  publicCall,
  refreshDeps,
  signInAgain,
} from './connections-fixtures';
import { scanConsents } from './consent-scan';
import { seedConnectionStates } from './demo-states';
import { enqueueDueRefreshes, refreshCredential } from './refresh';

let t: TestApp;
const logs = createLogCapture();
beforeAll(async () => {
  t = await createTestApp({ logger: logs.logger });
});
afterAll(() => t.close());

const DAY_MINUTES = 1440;
const DAY_MS = 86_400_000;

const scan = () => scanConsents({ db: t.db, config: t.config, now: t.clock() });

/** Moves the test clock to `days` before the credential's consent ends (and signs in again). */
async function moveTo(tenant: SignedInTenant, token: string, daysBefore: number) {
  const row = await credentialRow(t, token);
  const target = row.consent_expires_at.getTime() - daysBefore * DAY_MS;
  t.clock.advanceSeconds((target - t.clock().getTime()) / 1000);
  return signInAgain(t, tenant);
}

async function mailsTo(companyId: string) {
  return t.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'body_text'])
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

async function eventsOf(companyId: string, type: string) {
  return t.db
    .selectFrom('events')
    .select(['type', 'data'])
    .where('company_id', '=', companyId)
    .where('type', '=', type)
    .execute();
}

function linkToken(url: string): string {
  return new URL(url).pathname.split('/').at(-1) ?? '';
}

function renewalLinkIn(body: string): string {
  const found = body.match(/https?:\/\/\S+\/connect\/[\w-]+/);
  if (!found) throw new Error(`no link in: ${body}`);
  return found[0];
}

async function renewOnHostedPage(url: string, language?: 'es' | 'en') {
  const token = linkToken(url);
  return publicCall(t, connections.submitConnectSca.path, {
    token,
    code: SANDBOX_TEST_CREDENTIALS.sca.code,
    ...(language ? { language } : {}),
  });
}

describe('consent validity', () => {
  it('a connection gives the institution’s validity: 180 days at most, 90 at some', async () => {
    const tenant = await signInTenant(t);
    const santander = await connect(t, tenant, { username: 'demo-ok' });
    const ing = await connect(t, tenant, { username: 'demo-ok', entityId: 'ing' });
    const now = t.clock().getTime();
    expect((await credentialRow(t, santander.credentialsToken)).consent_expires_at.getTime()).toBe(
      now + 180 * DAY_MS,
    );
    expect((await credentialRow(t, ing.credentialsToken)).consent_expires_at.getTime()).toBe(
      now + 90 * DAY_MS,
    );
    expect(await informationOf(tenant, ing.credentialsToken)).toMatchObject({
      consent_expires_at: new Date(now + 90 * DAY_MS).toISOString(),
      consent_days_left: 90,
      consent_state: 'valid',
    });
  });

  it('expiry is reached: expiring within 14 days, then expired; the filters list each', async () => {
    let tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant, { username: 'demo-ok', entityId: 'ing' });
    const listed = async (consent: 'expiring' | 'expired') => {
      const response = await tenant.call(connections.getCredentialsInformation.path, { consent });
      expect(response.statusCode).toBe(200);
      return connections.getCredentialsInformation.response
        .parse(response.json())
        .map((item) => item.credentials_token);
    };
    expect(await listed('expiring')).toEqual([]);

    tenant = await moveTo(tenant, credentialsToken, 14);
    expect(await informationOf(tenant, credentialsToken)).toMatchObject({
      consent_days_left: 14,
      consent_state: 'expiring',
    });
    expect(await listed('expiring')).toEqual([credentialsToken]);
    expect(await listed('expired')).toEqual([]);
    const counts = await tenant.call(summary.getConsentCounts.path, {});
    expect(counts.json()).toEqual({ expiring: 1, expired: 0 });

    tenant = await moveTo(tenant, credentialsToken, 0);
    expect(await informationOf(tenant, credentialsToken)).toMatchObject({
      consent_days_left: 0,
      consent_state: 'expired',
    });
    expect(await listed('expiring')).toEqual([]);
    expect(await listed('expired')).toEqual([credentialsToken]);
    expect((await tenant.call(summary.getConsentCounts.path, {})).json()).toEqual({
      expiring: 0,
      expired: 1,
    });
  });

  it('refreshes stop when expired: not scheduled, skipped by the worker, refused with ConsentExpired', async () => {
    let tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant, { username: 'demo-ok', entityId: 'degiro' });
    const row = await credentialRow(t, credentialsToken);
    tenant = await moveTo(tenant, credentialsToken, 0);
    t.clock.advanceMinutes(1);
    tenant = await signInAgain(t, tenant);

    const queued = await enqueueDueRefreshes(
      t.db,
      t.clock(),
      { intervalMinutes: 1, limit: 100_000 },
      async () => true,
    );
    expect(queued).not.toContain(row.id);

    const before = await credentialRow(t, credentialsToken);
    expect(await refreshCredential(await refreshDeps(t), row.id)).toBe('skipped');
    expect((await credentialRow(t, credentialsToken)).last_update).toEqual(before.last_update);

    const refused = await tenant.call(connections.credentialsRefresh.path, {
      credentials_token: credentialsToken,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ConsentExpired');
  });

  it('the data API’s refresh refuses an expired consent with 409 ConsentExpired, queuing nothing', async () => {
    let tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const { credentialsToken } = await connect(t, tenant, { username: 'demo-ok', entityId: 'myinvestor' });
    const refresh = async () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/credentials/${credentialsToken}/refresh`,
        headers: { authorization: `Bearer ${await getToken(t, application)}` },
      });
    tenant = await moveTo(tenant, credentialsToken, 1);
    const live = await refresh();
    expect(live.statusCode, live.body).toBe(202);
    await t.db
      .updateTable('credentials')
      .set({ refresh_requested_at: null })
      .where('token', '=', credentialsToken)
      .execute();

    tenant = await moveTo(tenant, credentialsToken, 0);
    const refused = await refresh();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ConsentExpired');
    expect((await credentialRow(t, credentialsToken)).refresh_requested_at).toBeNull();
    // Audited once: the accepted call, not the refused one.
    const audit = await findAuditEvents(t.db, tenant.companyId, 'credentials-refresh');
    expect(audit.map(({ actor_kind, actor_id }) => ({ actor_kind, actor_id }))).toEqual([
      { actor_kind: 'application', actor_id: application.client_id },
    ]);
  });
});

describe('renewal links', () => {
  it('staff mail a renewal link; the holder renews with SCA, same token, a new end date', async () => {
    let tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant, { username: 'demo-ok' });
    tenant = await moveTo(tenant, credentialsToken, -2);
    expect((await informationOf(tenant, credentialsToken))?.consent_state).toBe('expired');

    const response = await tenant.call(connections.createConsentRenewalLink.path, {
      credentials_token: credentialsToken,
      send_to: 'titular@example.com',
      language: 'en',
    });
    expect(response.statusCode).toBe(200);
    const link = connections.createConsentRenewalLink.response.parse(response.json());
    expect(link.sent_to).toBe('titular@example.com');
    expect(new Date(link.expires_at).getTime()).toBe(t.clock().getTime() + CONSENT_RENEWAL_LINK_TTL_MS);
    expect(link.url).toContain('/en/connect/');
    // 256 random bits in the URL; only their hash is stored.
    const token = linkToken(link.url);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(
      await t.db.selectFrom('connect_tokens').select('kind').where('token_hash', '=', token).execute(),
    ).toEqual([]);

    const mails = await mailsTo(tenant.companyId);
    const mail = mails.at(-1);
    expect(mail?.to_address).toBe('titular@example.com');
    expect(mail?.subject).toMatch(/renew your authorisation/);
    expect(renewalLinkIn(mail?.body_text ?? '')).toBe(link.url);

    const session = await publicCall(t, connections.getConnectSession.path, { token });
    expect(session.json()).toMatchObject({ mode: 'renew', awaiting_sca: true, entity_id: 'santander' });
    // A renewal only takes the SCA code: it never rebinds the login.
    const rebind = await publicCall(t, connections.submitConnectCredentials.path, {
      token,
      entity_id: 'santander',
      username: 'demo-ok',
      password: 'demo',
      accept_terms: true,
    });
    expect(rebind.json().error.code).toBe('InvalidConnectToken');

    const renewed = await renewOnHostedPage(link.url, 'en');
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().status).toBe('done');
    const row = await credentialRow(t, credentialsToken);
    expect(row.consent_expires_at.getTime()).toBe(t.clock().getTime() + 180 * DAY_MS);
    expect(row.holder_language).toBe('en');
    expect(await informationOf(tenant, credentialsToken)).toMatchObject({
      credentials_token: credentialsToken,
      consent_days_left: 180,
      consent_state: 'valid',
      status: { blocked: false, sca_token: null },
    });
    // Refreshes run again.
    const refreshed = await tenant.call(connections.credentialsRefresh.path, {
      credentials_token: credentialsToken,
    });
    expect(refreshed.statusCode).toBe(200);

    // Single use.
    const reused = await renewOnHostedPage(link.url);
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error.code).toBe('InvalidConnectToken');
    // The token never reached the logs.
    expect(logs.text()).not.toContain(token);
  });

  it('a renewal link expires after 7 days, and a newer one replaces the live one', async () => {
    let tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant, { username: 'demo-ok' });
    const create = async () =>
      connections.createConsentRenewalLink.response.parse(
        (
          await tenant.call(connections.createConsentRenewalLink.path, {
            credentials_token: credentialsToken,
          })
        ).json(),
      );
    const first = await create();
    expect(first.sent_to).toBeNull();
    const second = await create();
    const replaced = await renewOnHostedPage(first.url);
    expect(replaced.json().error.code).toBe('InvalidConnectToken');

    t.clock.advanceMinutes(7 * DAY_MINUTES + 1);
    tenant = await signInAgain(t, tenant);
    const expired = await renewOnHostedPage(second.url);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.code).toBe('InvalidConnectToken');
  });

  it('only staff of the company: a portal user is refused, another company’s token is not found', async () => {
    const tenant = await signInTenant(t);
    const other = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant, { username: 'demo-ok' });
    const portal = await signInPortalUser(t, tenant);
    const asPortal = await portal.call(connections.createConsentRenewalLink.path, {
      credentials_token: credentialsToken,
    });
    expect(asPortal.statusCode).toBe(403);
    const asOther = await other.call(connections.createConsentRenewalLink.path, {
      credentials_token: credentialsToken,
    });
    expect(asOther.statusCode).toBe(404);
    const badMail = await tenant.call(connections.createConsentRenewalLink.path, {
      credentials_token: credentialsToken,
      send_to: 'not an address',
    });
    expect(badMail.statusCode).toBe(400);
    expect(await mailsTo(other.companyId)).toEqual([]);
  });

  it('is audited', async () => {
    const tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant, { username: 'demo-ok' });
    await tenant.call(connections.createConsentRenewalLink.path, {
      credentials_token: credentialsToken,
      send_to: 'holder@example.org',
    });
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'actor_kind', 'target_credential_id', 'changes'])
      .where('company_id', '=', tenant.companyId)
      .where('action', '=', 'create-consent-renewal-link')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_kind: 'staff', target_credential_id: credentialsToken });
  });
});

describe('the consent scan', () => {
  it('reminds 14 and 3 days before, once each, in the holder’s language; events once per period', async () => {
    let tenant = await signInTenant(t);
    // The holder's visit was in English; the link staff made was Spanish (the default).
    const link = await tenant.call(connections.createConnectLink.path, {
      redirect_uri: '/es/wealth/connections',
    });
    const connectToken = link.json().token as string;
    const visit = await publicCall(t, connections.submitConnectCredentials.path, {
      token: connectToken,
      entity_id: 'bbva',
      username: 'demo-ok',
      password: 'demo',
      accept_terms: true,
      language: 'en',
    });
    expect(visit.statusCode).toBe(200);
    const english = new URL(visit.json().redirect_to).searchParams.get('credentials_token') ?? '';
    // No visit recorded: the company's language (Spanish).
    const spanishRow = await createCredentials(t.db, {
      companyId: tenant.companyId,
      entityId: 'bbva',
      now: t.clock(),
    });
    await t.db
      .insertInto('holders')
      .values({
        company_id: tenant.companyId,
        credentials_id: spanishRow.id,
        external_id: 'holder-lucia',
        name: 'Lucía Pérez',
        document: null,
        email: 'lucia@example.com',
      })
      .execute();
    const englishRow = await credentialRow(t, english);
    expect(englishRow.holder_language).toBe('en');
    const englishEmail = (
      await t.db
        .selectFrom('holders')
        .select('email')
        .where('credentials_id', '=', englishRow.id)
        .where('email', 'is not', null)
        .execute()
    ).map((row) => row.email);

    const before = (await mailsTo(tenant.companyId)).length;
    tenant = await moveTo(tenant, english, 15);
    await scan();
    expect((await mailsTo(tenant.companyId)).length).toBe(before);

    tenant = await moveTo(tenant, english, 14);
    await scan();
    await scan();
    let mails = (await mailsTo(tenant.companyId)).slice(before);
    expect(mails).toHaveLength(2);
    const toEnglish = mails.find((mail) => englishEmail.includes(mail.to_address));
    const toSpanish = mails.find((mail) => mail.to_address === 'lucia@example.com');
    expect(toEnglish?.subject).toMatch(/expires in 14 days/);
    expect(toSpanish?.subject).toMatch(/caduca en 14 días/);
    expect(await eventsOf(tenant.companyId, 'consent.expiring')).toHaveLength(2);

    tenant = await moveTo(tenant, english, 3);
    await scan();
    await scan();
    mails = (await mailsTo(tenant.companyId)).slice(before);
    expect(mails).toHaveLength(4);
    expect(mails.filter((mail) => /expires in 3 days/.test(mail.subject))).toHaveLength(1);
    expect(mails.filter((mail) => /caduca en 3 días/.test(mail.subject))).toHaveLength(1);
    expect(await eventsOf(tenant.companyId, 'consent.expiring')).toHaveLength(2);

    // Each reminder's link renews: the holder follows the 3-day one.
    const reminder = mails.find((mail) => /expires in 3 days/.test(mail.subject));
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['actor_kind', 'actor_name', 'changes'])
      .where('company_id', '=', tenant.companyId)
      .where('action', '=', 'consent-reminder')
      .execute();
    expect(audit).toHaveLength(4);
    expect(
      audit.every((event) => event.actor_kind === 'operator' && event.actor_name === 'consent-scan'),
    ).toBe(true);

    tenant = await moveTo(tenant, english, -1);
    await scan();
    await scan();
    const expiredEvents = await eventsOf(tenant.companyId, 'consent.expired');
    expect(expiredEvents).toHaveLength(2);
    expect(
      expiredEvents.map((event) => (event.data as { credentials_token: string }).credentials_token),
    ).toContain(english);

    // The reminder's link is older than 3 days but within its 7: the holder renews, a new period starts.
    const renewed = await renewOnHostedPage(renewalLinkIn(reminder?.body_text ?? ''));
    expect(renewed.statusCode).toBe(200);
    await scan();
    expect(await eventsOf(tenant.companyId, 'consent.expired')).toHaveLength(2);
    tenant = await moveTo(tenant, english, 14);
    await scan();
    expect(await eventsOf(tenant.companyId, 'consent.expiring')).toHaveLength(3);
  });

  it('a consent found inside the 3-day window gets one reminder, not two', async () => {
    let tenant = await signInTenant(t);
    const { credentialsToken } = await connect(t, tenant, { username: 'demo-ok', entityId: 'caixabank' });
    const before = (await mailsTo(tenant.companyId)).length;
    tenant = await moveTo(tenant, credentialsToken, 2);
    await scan();
    await scan();
    const mails = (await mailsTo(tenant.companyId)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/caduca en 2 días/);
  });
});

describe('the language of holders’ mails', () => {
  /** A credential of the tenant's with a holder who has an address; `visited`: their hosted visit's language. */
  async function credentialWithHolder(tenant: SignedInTenant, email: string, visited: 'es' | 'en' | null) {
    const row = await createCredentials(t.db, {
      companyId: tenant.companyId,
      entityId: 'openbank',
      now: t.clock(),
    });
    await t.db
      .insertInto('holders')
      .values({
        company_id: tenant.companyId,
        credentials_id: row.id,
        external_id: `holder-${row.id}`,
        name: 'Holder',
        document: null,
        email,
      })
      .execute();
    if (visited) {
      await t.db
        .updateTable('credentials')
        .set({ holder_language: visited })
        .where('id', '=', row.id)
        .execute();
    }
    return row;
  }

  it('reminders go in the holder’s language, else the company’s; another company keeps its own', async () => {
    let tenant = await signInTenant(t);
    const other = await signInTenant(t);
    const set = await tenant.call(team.setCompanyLanguage.path, { language: 'en' });
    expect(set.statusCode, set.body).toBe(200);
    const unknown = await credentialWithHolder(tenant, 'unknown@example.com', null);
    await credentialWithHolder(tenant, 'spanish@example.com', 'es');
    await credentialWithHolder(other, 'elsewhere@example.com', null);
    const before = {
      tenant: (await mailsTo(tenant.companyId)).length,
      other: (await mailsTo(other.companyId)).length,
    };

    tenant = await moveTo(tenant, unknown.token, 14);
    await scan();
    const mails = (await mailsTo(tenant.companyId)).slice(before.tenant);
    const subjectTo = (address: string) => mails.find((mail) => mail.to_address === address)?.subject;
    // No hosted visit: the company's English; a Spanish visit wins over it.
    expect(subjectTo('unknown@example.com')).toMatch(/your authorisation with .* expires in 14 days/);
    expect(subjectTo('spanish@example.com')).toMatch(/tu autorización con .* caduca en 14 días/);
    // The other company was never changed: Spanish, Caudal's default.
    const elsewhere = (await mailsTo(other.companyId)).slice(before.other);
    expect(elsewhere.map((mail) => mail.subject)).toEqual([expect.stringMatching(/caduca en 14 días/)]);

    const audit = await t.db
      .selectFrom('audit_events')
      .select(['target_credential_id', 'changes'])
      .where('company_id', '=', tenant.companyId)
      .where('action', '=', 'consent-reminder')
      .execute();
    expect(audit.find((event) => event.target_credential_id === unknown.token)?.changes).toMatchObject({
      language: { new: 'en' },
    });
  });

  it('a renewal link staff send without choosing a language follows the same rule', async () => {
    const tenant = await signInTenant(t);
    await tenant.call(team.setCompanyLanguage.path, { language: 'en' });
    const unknown = await credentialWithHolder(tenant, 'unknown@example.com', null);
    const spanish = await credentialWithHolder(tenant, 'spanish@example.com', 'es');
    const send = async (token: string) =>
      connections.createConsentRenewalLink.response.parse(
        (
          await tenant.call(connections.createConsentRenewalLink.path, {
            credentials_token: token,
            send_to: 'holder@example.com',
          })
        ).json(),
      );
    expect((await send(unknown.token)).url).toContain('/en/connect/');
    expect((await mailsTo(tenant.companyId)).at(-1)?.subject).toMatch(/renew your authorisation/);
    expect((await send(spanish.token)).url).toContain('/es/connect/');
    expect((await mailsTo(tenant.companyId)).at(-1)?.subject).toMatch(/renueva tu autorización/);
  });
});

describe('housekeeping of consent notices', () => {
  it('removes the notices of periods that ended long ago and are no longer current, and of deleted credentials', async () => {
    const tenant = await signInTenant(t);
    const start = t.clock().getTime();
    const noticesOf = async (credentialsId: string) =>
      (
        await t.db
          .selectFrom('consent_notices')
          .select(['kind', 'consent_expires_at'])
          .where('credentials_id', '=', credentialsId)
          .orderBy('kind')
          .execute()
      ).map((row) => `${row.kind}@${Math.round((row.consent_expires_at.getTime() - start) / DAY_MS)}`);
    const withEnd = (days: number) =>
      createCredentials(t.db, {
        companyId: tenant.companyId,
        entityId: 'bbva',
        now: t.clock(),
        consentExpiresAt: new Date(start + days * DAY_MS),
      });
    // Ended 100 days ago and never renewed: its `expired` notice is what keeps the event from repeating.
    const lapsed = await withEnd(-100);
    // Reminded 2 days before the end, then renewed: the old period's notices are no longer consulted.
    const renewed = await withEnd(2);
    const deleted = await withEnd(2);
    await scan();
    expect(await noticesOf(lapsed.id)).toEqual(['expired@-100']);
    expect(await noticesOf(renewed.id)).toEqual(['expiring@2', 'reminder-14@2', 'reminder-3@2']);
    expect(await noticesOf(deleted.id)).toHaveLength(3);
    await t.db
      .updateTable('credentials')
      .set({ consent_expires_at: new Date(start + 180 * DAY_MS) })
      .where('id', '=', renewed.id)
      .execute();
    // Renewed early: its old period (ending in 40 days) has not ended long enough ago at the purge.
    const early = await withEnd(180);
    await t.db
      .insertInto('consent_notices')
      .values({
        credentials_id: early.id,
        consent_expires_at: new Date(start + 40 * DAY_MS),
        kind: 'expiring',
      })
      .execute();
    const removed = await tenant.call(connections.credentialsDelete.path, {
      credentials_token: deleted.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(await noticesOf(deleted.id)).toEqual([]);

    const purge = () =>
      runHousekeeping(
        t.db,
        t.clock(),
        buildPurgeTasks(t.config).filter((task) => task.name === 'consent_notices'),
      );
    // 29 days after the renewed period's old end: kept a while yet (other tests' old periods may go).
    t.clock.advanceSeconds((31 * DAY_MS) / 1000);
    await purge();
    expect(await noticesOf(renewed.id)).toHaveLength(3);
    // 31 days after it: gone; the current periods' and the recent ones' stay.
    t.clock.advanceSeconds((2 * DAY_MS) / 1000);
    expect((await purge()).consent_notices).toBeGreaterThanOrEqual(3);
    expect(await noticesOf(renewed.id)).toEqual([]);
    expect(await noticesOf(lapsed.id)).toEqual(['expired@-100']);
    expect(await noticesOf(early.id)).toEqual(['expiring@40']);
    // The lapsed consent is not announced again.
    const expiredEvents = (await eventsOf(tenant.companyId, 'consent.expired')).length;
    await scan();
    expect(await eventsOf(tenant.companyId, 'consent.expired')).toHaveLength(expiredEvents);
  });
});

describe('the spec’s states are untouched by consent', () => {
  it('needsAction, repairs and the summary states are the same with every consent expired', async () => {
    const tenant = await signInTenant(t);
    for (const entityId of ['santander', 'bbva', 'ing', 'sabadell', 'abanca', 'evo']) {
      await createCredentials(t.db, { companyId: tenant.companyId, entityId, now: t.clock() });
    }
    await seedConnectionStates(t.db, tenant.companyId, t.clock);
    const read = async () => {
      const session = await signInAgain(t, tenant);
      const list = connections.getCredentialsInformation.response.parse(
        (await session.call(connections.getCredentialsInformation.path, {})).json(),
      );
      const states = list.map((item) => ({
        token: item.credentials_token,
        status: item.status,
        needsAction: deriveCredentialState(item.status, t.clock()).needsAction,
        summaryState: deriveSummaryState(item.status, t.clock()),
      }));
      const counts = (await session.call(summary.getSummary.path, {})).json();
      return { states, counts: counts.counts, entities: counts.entities };
    };
    const valid = await read();
    expect(valid.states.map((state) => state.needsAction)).toContain(true);
    expect(valid.states.map((state) => state.summaryState)).toEqual(
      expect.arrayContaining(['sca', 'blocked', 'down', 'ok']),
    );
    await t.db
      .updateTable('credentials')
      .set({ consent_expires_at: new Date(t.clock().getTime() - DAY_MS) })
      .where('company_id', '=', tenant.companyId)
      .execute();
    expect(await read()).toEqual(valid);
    await t.db
      .updateTable('credentials')
      .set({ consent_expires_at: new Date(t.clock().getTime() + 3 * DAY_MS) })
      .where('company_id', '=', tenant.companyId)
      .execute();
    expect(await read()).toEqual(valid);
  });
});
