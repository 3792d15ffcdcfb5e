import { connections, DATA_API_OPENAPI_PATH, links, linksDataApi, VALIDATION } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { publicCall } from '../connections/connections-fixtures';
import { createApplicationFor, getToken } from '../data-api/data-api-fixtures';
import { signInPortalUser, signInTenant } from '../wealth/wealth-fixtures';
import { seedDemoLinks } from './demo-links';
import { connectThroughLink, createLinkFor, pendingCount, startSession } from './links-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Link screens calls', () => {
  it('creates a Link with the default redirect, lists it and pages the list on the server', async () => {
    const tenant = await signInTenant(t);
    const created = await createLinkFor(tenant, { name: 'Alta web' });
    expect(created).toMatchObject({
      name: 'Alta web',
      redirect_uri: '/link-callback',
      pending_code_count: 0,
      company_name: tenant.company.name,
      terms_and_conditions_url: null,
      privacy_policy_url: null,
      active: true,
    });
    expect(created.token.length).toBeGreaterThanOrEqual(22);
    expect(created.url).toBe(`${t.config.linkBaseUrl}/link/${created.token}`);

    for (const name of ['Bravo', 'Charlie', 'Delta']) await createLinkFor(tenant, { name });
    const page = await tenant.call(links.listLinks.path, { page: 2, page_size: 2 });
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.json().map((link: { name: string }) => link.name)).toEqual(['Charlie', 'Delta']);
    const search = await tenant.call(links.listLinks.path, { search: 'ALTA' });
    expect(search.json().map((link: { name: string }) => link.name)).toEqual(['Alta web']);
  });

  it('refuses a duplicated name in any case, but not in another company', async () => {
    const tenant = await signInTenant(t);
    await createLinkFor(tenant, { name: 'Campaña' });
    const again = await tenant.call(links.createLink.path, { name: 'campaña' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DuplicatedName');
    const other = await signInTenant(t);
    await createLinkFor(other, { name: 'Campaña' });

    const second = await createLinkFor(tenant, { name: 'Otro' });
    const rename = await tenant.call(links.editLink.path, { token: second.token, name: 'CAMPAÑA' });
    expect(rename.json().error.code).toBe('DuplicatedName');
    // Keeping its own name is no conflict.
    const same = await tenant.call(links.editLink.path, { token: second.token, name: 'otro' });
    expect(same.statusCode).toBe(200);
  });

  it('validates the redirect URI (path or absolute http URL) and the documents (absolute http URL)', async () => {
    const tenant = await signInTenant(t);
    const good = await createLinkFor(tenant, {
      redirect_uri: 'https://bank-client.example/return?x=1',
      terms_and_conditions_url: 'https://bank-client.example/terms',
      privacy_policy_url: '',
    });
    expect(good).toMatchObject({
      redirect_uri: 'https://bank-client.example/return?x=1',
      privacy_policy_url: null,
    });
    for (const body of [
      { redirect_uri: 'javascript:alert(1)' },
      { redirect_uri: '//evil.example' },
      { redirect_uri: '/\\evil.example' },
      { terms_and_conditions_url: '/terms' },
      { privacy_policy_url: 'ftp://x.example/p' },
    ]) {
      const response = await tenant.call(links.createLink.path, { name: `Bad ${Math.random()}`, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.issues[0]).toMatchObject({
        path: [Object.keys(body)[0]],
        message: VALIDATION.url,
      });
    }
    const edited = await tenant.call(links.editLink.path, {
      token: good.token,
      name: good.name,
      redirect_uri: '/es/link-callback',
    });
    expect(edited.json()).toMatchObject({
      redirect_uri: '/es/link-callback',
      terms_and_conditions_url: null,
    });
  });

  it('refuses a redirect URI with dot segments (also %2e) or credentials, on create and on edit', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant, {
      redirect_uri: 'https://bank-client.example/a..b/.well-known?to=../x',
    });
    expect(link.redirect_uri).toBe('https://bank-client.example/a..b/.well-known?to=../x');
    for (const redirect_uri of [
      '/link-callback/../admin',
      '/link-callback/./x',
      '/link-callback/..',
      '/link-callback/%2e%2E/admin',
      '/link-callback/.%2e/admin',
      '/link-callback/%2E/x',
      'https://bank-client.example/return/../../admin',
      'https://bank-client.example/%2e%2e/admin',
      'https://user:pw@evil.test/',
      'https://user@evil.test/',
      'https://@evil.test/',
      'https://portal.caudal.test@evil.test/link-callback',
    ]) {
      for (const [path, body] of [
        [links.createLink.path, { name: `Bad ${Math.random()}`, redirect_uri }],
        [links.editLink.path, { token: link.token, name: link.name, redirect_uri }],
      ] as const) {
        const response = await tenant.call(path, body);
        expect(response.statusCode, `${path} ${redirect_uri}`).toBe(400);
        expect(response.json().error.issues[0]).toMatchObject({
          path: ['redirect_uri'],
          message: VALIDATION.url,
        });
      }
    }
    // Nothing was written: the Link keeps its redirect, and no other Link was created.
    const listed = await tenant.call(links.listLinks.path, {});
    expect(listed.json()).toEqual([
      expect.objectContaining({ token: link.token, redirect_uri: link.redirect_uri }),
    ]);
  });

  it('refuses an edit from a stale form with Conflict and writes nothing; one without `expected` replaces it', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const loaded = {
      name: link.name,
      redirect_uri: link.redirect_uri,
      terms_and_conditions_url: link.terms_and_conditions_url,
      privacy_policy_url: link.privacy_policy_url,
    };
    // A colleague adds the terms while this form is open on the Link as created.
    const theirs = await tenant.call(links.editLink.path, {
      token: link.token,
      name: link.name,
      terms_and_conditions_url: 'https://example.com/terms',
      expected: loaded,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const stale = await tenant.call(links.editLink.path, {
      token: link.token,
      name: `${link.name} (otoño)`,
      expected: loaded,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('Conflict');
    const [kept] = (await tenant.call(links.listLinks.path, { search: link.name })).json();
    expect(kept).toMatchObject({ name: link.name, terms_and_conditions_url: 'https://example.com/terms' });
    // Warned, the user saves again knowingly.
    const knowing = await tenant.call(links.editLink.path, {
      token: link.token,
      name: `${link.name} (otoño)`,
    });
    expect(knowing.json()).toMatchObject({ name: `${link.name} (otoño)`, terms_and_conditions_url: null });
  });

  it('pauses only an active Link and resumes only a paused one', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const resume = await tenant.call(links.resumeLink.path, { token: link.token });
    expect(resume.statusCode).toBe(409);
    expect(resume.json().error.code).toBe('LinkAlreadyActive');
    const pause = await tenant.call(links.pauseLink.path, { token: link.token });
    expect(pause.json()).toMatchObject({ active: false });
    const pauseAgain = await tenant.call(links.pauseLink.path, { token: link.token });
    expect(pauseAgain.json().error.code).toBe('LinkAlreadyPaused');
    expect((await tenant.call(links.resumeLink.path, { token: link.token })).json().active).toBe(true);
    const missing = await tenant.call(links.pauseLink.path, { token: 'nope' });
    expect(missing.json().error.code).toBe('NotFound');
  });

  it("keeps each company's Links to itself, and out of portal users' and other modules' reach", async () => {
    const owner = await signInTenant(t);
    const link = await createLinkFor(owner);
    const other = await signInTenant(t);
    for (const path of [links.pauseLink.path, links.deleteLink.path]) {
      expect((await other.call(path, { token: link.token })).json().error.code).toBe('NotFound');
    }
    const edit = await other.call(links.editLink.path, { token: link.token, name: 'Hijacked' });
    expect(edit.statusCode).toBe(404);
    expect((await other.call(links.listLinks.path, {})).json()).toEqual([]);

    const withoutModule = await signInTenant(t, { modules: ['wealth'] });
    expect((await withoutModule.call(links.listLinks.path, {})).statusCode).toBe(403);
    const portal = await signInPortalUser(t, owner);
    expect((await portal.call(links.listLinks.path, {})).statusCode).toBe(403);
  });
});

describe('hosted Link page and codes', () => {
  it('connects a bank, redirects with a one-time code and counts it pending until exchanged', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant, {
      terms_and_conditions_url: 'https://company.example/terms',
      privacy_policy_url: 'https://company.example/privacy',
    });
    const started = links.startLinkSession.response.parse((await startSession(t, link.token)).json());
    expect(started).toMatchObject({
      company_name: tenant.company.name,
      terms_and_conditions_url: 'https://company.example/terms',
      session: { mode: 'connect', privacy_policy_url: 'https://company.example/privacy' },
    });

    const { redirect, code } = await connectThroughLink(t, link.token);
    expect(redirect.origin).toBe(t.config.redirectBaseUrl);
    expect(redirect.pathname).toBe('/en/link-callback');
    expect(redirect.searchParams.has('credentials_token')).toBe(false);
    // 256 random bits, base64url; only the hash is stored.
    expect(code).toMatch(/^[\w-]{43}$/);
    const stored = await t.db.selectFrom('link_codes').selectAll().execute();
    expect(stored.some((row) => row.code_hash === code)).toBe(false);
    expect(await pendingCount(tenant, link.token)).toBe(1);

    // The landing page checks the code without spending it, as often as it likes.
    for (let i = 0; i < 2; i++) {
      const check = await publicCall(t, links.linkCallback.path, { code });
      expect(check.json()).toEqual({ success: true });
    }
    expect(await pendingCount(tenant, link.token)).toBe(1);

    const deleteRefused = await tenant.call(links.deleteLink.path, { token: link.token });
    expect(deleteRefused.statusCode).toBe(409);
    expect(deleteRefused.json().error.code).toBe('LinkHasPendingCodes');

    const exchanged = await tenant.call(links.exchangeLinkCode.path, { code });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json()).toMatchObject({
      bank: 'santander',
      link_token: link.token,
      link_name: link.name,
    });
    const credential = await t.db
      .selectFrom('credentials')
      .select(['company_id'])
      .where('token', '=', exchanged.json().credentials_token)
      .executeTakeFirstOrThrow();
    expect(credential.company_id).toBe(tenant.companyId);
    expect(await pendingCount(tenant, link.token)).toBe(0);

    const checkSpent = await publicCall(t, links.linkCallback.path, { code });
    expect(checkSpent.statusCode).toBe(404);
    expect(checkSpent.json().error.code).toBe('InvalidLinkCode');
    expect((await tenant.call(links.exchangeLinkCode.path, { code })).json().error.code).toBe(
      'InvalidLinkCode',
    );

    expect((await tenant.call(links.deleteLink.path, { token: link.token })).json()).toEqual({
      success: true,
    });
    const gone = await startSession(t, link.token);
    expect(gone.statusCode).toBe(404);
  });

  it('goes through SCA and keeps the Link path when it names a language', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant, { redirect_uri: '/es/link-callback' });
    const { redirect, code } = await connectThroughLink(t, link.token, { username: 'demo-sca' });
    expect(redirect.pathname).toBe('/es/link-callback');
    expect(code).not.toBe('');
    const external = await createLinkFor(tenant, {
      redirect_uri: 'https://company.example/back?from=caudal',
    });
    const back = await connectThroughLink(t, external.token);
    expect(back.redirect.origin).toBe('https://company.example');
    expect(back.redirect.searchParams.get('from')).toBe('caudal');
    expect(back.code).not.toBe('');
  });

  it("exchanges a code through the data API with an application's token, for its company only", async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const { code } = await connectThroughLink(t, link.token);
    const exchange = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: linksDataApi.exchangeLinkCode.path,
        headers: { authorization: `Bearer ${token}` },
        payload: { code },
      });
    const other = await signInTenant(t);
    const foreign = await exchange(await getToken(t, await createApplicationFor(other)));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('InvalidLinkCode');
    // A portal session token is no data-API token.
    expect((await exchange(tenant.token)).statusCode).toBe(401);

    const appToken = await getToken(t, await createApplicationFor(tenant));
    const answer = await exchange(appToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ bank: 'santander', link_token: link.token });
    expect(await pendingCount(tenant, link.token)).toBe(0);
    expect((await exchange(appToken)).json().error.code).toBe('InvalidLinkCode');

    const openapi = (await t.app.inject({ method: 'GET', url: DATA_API_OPENAPI_PATH })).json();
    expect(openapi.paths['/api/v1/link-codes/exchange'].post.operationId).toBe('exchangeLinkCode');
  });

  it('lets no other company exchange the code', async () => {
    const owner = await signInTenant(t);
    const link = await createLinkFor(owner);
    const { code } = await connectThroughLink(t, link.token);
    const thief = await signInTenant(t);
    const stolen = await thief.call(links.exchangeLinkCode.path, { code });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('InvalidLinkCode');
    // The attempt spent nothing: the owner still exchanges it.
    expect((await owner.call(links.exchangeLinkCode.path, { code })).statusCode).toBe(200);
  });

  it('refuses a code after 10 minutes, and no longer counts it pending', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const { code } = await connectThroughLink(t, link.token);
    t.clock.advanceMinutes(9);
    expect((await publicCall(t, links.linkCallback.path, { code })).statusCode).toBe(200);
    t.clock.advanceMinutes(2);
    expect((await publicCall(t, links.linkCallback.path, { code })).json().error.code).toBe(
      'InvalidLinkCode',
    );
    const expired = await tenant.call(links.exchangeLinkCode.path, { code });
    expect(expired.json().error.code).toBe('InvalidLinkCode');
    expect(await pendingCount(tenant, link.token)).toBe(0);
    expect((await tenant.call(links.deleteLink.path, { token: link.token })).statusCode).toBe(200);
  });

  it('gives one success to two concurrent exchanges of one code', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const { code } = await connectThroughLink(t, link.token);
    const answers = await Promise.all([
      tenant.call(links.exchangeLinkCode.path, { code }),
      tenant.call(links.exchangeLinkCode.path, { code }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
  });

  it('blocks the page of a paused Link, while its pending codes can still be exchanged', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const { code } = await connectThroughLink(t, link.token);
    // A visitor who opened the page before the pause cannot finish either.
    const before = links.startLinkSession.response.parse((await startSession(t, link.token)).json());
    await tenant.call(links.pauseLink.path, { token: link.token });
    const blocked = await startSession(t, link.token);
    expect(blocked.statusCode).toBe(423);
    expect(blocked.json().error.code).toBe('LinkPaused');
    const late = await publicCall(t, '/v0/connect/submit-credentials', {
      token: before.connect_token,
      entity_id: 'santander',
      username: 'demo-ok',
      password: 'demo',
      accept_terms: true,
    });
    expect(late.json().error.code).toBe('LinkPaused');
    expect((await tenant.call(links.exchangeLinkCode.path, { code })).statusCode).toBe(200);
  });

  it('takes no visitor and issues no code once the company lost the links module', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    // A visitor who opened the page before the module was taken away cannot finish either.
    const before = links.startLinkSession.response.parse((await startSession(t, link.token)).json());
    await t.db
      .updateTable('companies')
      .set({ modules: ['wealth', 'summary'] })
      .where('id', '=', tenant.companyId)
      .execute();
    const refused = await startSession(t, link.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('NotFound');
    const page = await t.app.inject({ method: 'GET', url: `/es/link/${link.token}` });
    expect(page.statusCode).toBe(404);
    const late = await publicCall(t, '/v0/connect/submit-credentials', {
      token: before.connect_token,
      entity_id: 'santander',
      username: 'demo-ok',
      password: 'demo',
      accept_terms: true,
    });
    expect(late.json().error.code).toBe('NotFound');
    const credentials = await t.db
      .selectFrom('credentials')
      .select('id')
      .where('company_id', '=', tenant.companyId)
      .execute();
    expect(credentials).toEqual([]);
  });

  it('resumes a visitor session after a reload instead of minting a new one', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const first = links.startLinkSession.response.parse((await startSession(t, link.token)).json());
    const again = await publicCall(t, links.startLinkSession.path, {
      token: link.token,
      connect_token: first.connect_token,
    });
    expect(again.json().connect_token).toBe(first.connect_token);
    // Another Link's visitor token is never reused.
    const other = await createLinkFor(tenant);
    const foreign = await publicCall(t, links.startLinkSession.path, {
      token: other.token,
      connect_token: first.connect_token,
    });
    expect(foreign.json().connect_token).not.toBe(first.connect_token);
  });

  it("hands the Link URL's state back beside the code, untouched, and only to the visit that brought it", async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant, { redirect_uri: 'https://app.example.com/return?from=caudal' });
    const state = 'csrf-7Hq_x.9~Z%2Fa&b=c';
    const { redirect, code } = await connectThroughLink(t, link.token, { state });
    expect(redirect.origin + redirect.pathname).toBe('https://app.example.com/return');
    expect(redirect.searchParams.get('from')).toBe('caudal');
    expect(redirect.searchParams.get('state')).toBe(state);
    expect(code).not.toBe('');
    // The company's backend finds it too: in the code's event and in the exchange's answer.
    const events = await t.db
      .selectFrom('events')
      .select('data')
      .where('company_id', '=', tenant.companyId)
      .where('type', '=', 'link.code_issued')
      .execute();
    expect(events.map((event) => (event.data as { state?: string }).state)).toEqual([state]);
    const exchanged = await tenant.call(links.exchangeLinkCode.path, { code });
    expect(exchanged.json()).toMatchObject({ state });
    // No state in the URL, none on the return, and null in the exchange.
    const plain = await connectThroughLink(t, link.token);
    expect(plain.redirect.searchParams.has('state')).toBe(false);
    expect((await tenant.call(links.exchangeLinkCode.path, { code: plain.code })).json().state).toBeNull();
  });

  it('returns the visitor in the language the page shows at the end, not the one it opened in', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const started = await publicCall(t, links.startLinkSession.path, { token: link.token, language: 'es' });
    const { connect_token: token } = links.startLinkSession.response.parse(started.json());
    // The visitor switched the page to English before sending the credentials.
    const step = await publicCall(t, connections.submitConnectCredentials.path, {
      token,
      entity_id: 'santander',
      username: 'demo-ok',
      password: 'demo',
      accept_terms: true,
      language: 'en',
    });
    expect(step.statusCode, step.body).toBe(200);
    expect(new URL(step.json().redirect_to).pathname).toBe('/en/link-callback');
  });

  it('resumes a session only for the same state: a visit started anew with another one gets its own', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const first = links.startLinkSession.response.parse(
      (await startSession(t, link.token, undefined, 'one')).json(),
    );
    const resume = (state?: string) =>
      publicCall(t, links.startLinkSession.path, {
        token: link.token,
        connect_token: first.connect_token,
        ...(state === undefined ? {} : { state }),
      });
    expect((await resume('one')).json().connect_token).toBe(first.connect_token);
    expect((await resume('two')).json().connect_token).not.toBe(first.connect_token);
    expect((await resume()).json().connect_token).not.toBe(first.connect_token);
  });

  it('refuses a state no URL parameter could be (spaces, control characters, over 512) and mints nothing', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    for (const state of ['two words', 'tab\there', '', 'ñ', 'x'.repeat(513)]) {
      const refused = await startSession(t, link.token, undefined, state);
      expect(refused.statusCode, state).toBe(400);
      expect(refused.json().error.code).toBe('ValidationError');
    }
    const minted = () =>
      t.db
        .selectFrom('connect_tokens')
        .innerJoin('links', 'links.id', 'connect_tokens.link_id')
        .where('links.token', '=', link.token)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
    expect(Number((await minted()).count)).toBe(0);
    expect((await startSession(t, link.token, undefined, 'x'.repeat(512))).statusCode).toBe(200);
    expect(Number((await minted()).count)).toBe(1);
  });

  it('limits /link-callback per IP, on its own budget (session starts: link-rate-limit.test.ts)', async () => {
    const ip = '10.250.0.1';
    let last = await publicCall(t, links.linkCallback.path, { code: 'x' }, ip);
    for (let i = 0; i < 120; i++) last = await publicCall(t, links.linkCallback.path, { code: `x${i}` }, ip);
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    // Probing codes spends no Link's budget: its visitors from the same address still start.
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    expect((await startSession(t, link.token, ip)).statusCode).toBe(200);
  });

  it('seeds two Links, one active and one paused, for each company with the module', async () => {
    const tenant = await signInTenant(t, { modules: ['links'] });
    const without = await signInTenant(t, { modules: ['wealth'] });
    await seedDemoLinks(t.db, t.clock());
    const list = links.listLinks.response.parse((await tenant.call(links.listLinks.path, {})).json());
    expect(list.map((link) => link.active).sort()).toEqual([false, true]);
    const rows = await t.db
      .selectFrom('links')
      .select('id')
      .where('company_id', '=', without.companyId)
      .execute();
    expect(rows).toEqual([]);
  });
});
