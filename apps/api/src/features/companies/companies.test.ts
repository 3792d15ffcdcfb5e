import { connections, links } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, post, type TestApp } from '../../test/test-app';
import { createLink, publicCall } from '../connections/connections-fixtures';
import { enqueueDueRefreshes } from '../connections/refresh';
import { createApplicationFor, dataGet, getToken, requestToken } from '../data-api/data-api-fixtures';
import { createLinkFor, startSession } from '../links/links-fixtures';
import { createUser } from '../seed/factories';
import { createCredentials } from '../seed/wealth-factories';
import { signInPortalUser, signInTenant } from '../wealth/wealth-fixtures';
import { createCompany, disableCompany, enableCompany, listCompanies, setCompanyModules } from './companies';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const deps = () => ({ db: t.db, clock: t.clock });

describe('companies (operator)', () => {
  it('creates a company with its modules, refuses unknown modules and a duplicate name', async () => {
    const created = await createCompany(deps(), {
      name: 'Acme Wealth',
      modules: ['links', 'wealth', 'summary'],
    });
    expect(created).toMatchObject({
      name: 'Acme Wealth',
      modules: ['wealth', 'summary', 'links'],
      state: 'active',
      staff: 0,
    });
    await expect(createCompany(deps(), { name: 'acme wealth', modules: ['links'] })).rejects.toMatchObject({
      code: 'DuplicatedName',
    });
    await expect(
      createCompany(deps(), { name: 'Other', modules: ['wealth', 'banking'] }),
    ).rejects.toMatchObject({
      code: 'ValidationError',
      message: expect.stringContaining('banking'),
    });
    expect((await listCompanies(deps())).map((company) => company.name)).toContain('Acme Wealth');
    const changed = await setCompanyModules(deps(), { company: 'ACME WEALTH', modules: ['portals'] });
    expect(changed.modules).toEqual(['portals']);
  });

  it('refuses names with control or invisible characters, and trims the spaces the sign-in trims', async () => {
    for (const [name, said] of [
      ['Tab\tName', 'a tab'],
      ['Line\nBreak', 'a line break'],
      ['ZW\u200dJ', 'the invisible character U+200D'],
      ['Bom\ufeffCo', 'the invisible character U+FEFF'],
      ['Bidi \u202eoC', 'the invisible character U+202E'],
      ['No\u00a0Break', 'a non-breaking space'],
    ] as const) {
      await expect(createCompany(deps(), { name, modules: ['wealth'] }), name).rejects.toMatchObject({
        code: 'ValidationError',
        message: `A company name cannot contain ${said}: use visible characters and plain spaces`,
      });
    }
    // String#trim, here as in the sign-in's zText, also takes a leading BOM or no-break space.
    const trimmed = await createCompany(deps(), { name: ' \ufeff Spaced Co\u00a0 ', modules: ['wealth'] });
    expect(trimmed.name).toBe('Spaced Co');
    // The sign-in trims what staff type: the company is found with or without the spaces.
    expect((await setCompanyModules(deps(), { company: ' spaced co ', modules: ['links'] })).name).toBe(
      'Spaced Co',
    );
  });

  it('stores a run of spaces as one, so two companies never look alike, and finds it typed either way', async () => {
    const created = await createCompany(deps(), { name: '  Beta   Co  ', modules: ['wealth'] });
    expect(created.name).toBe('Beta Co');
    // What a page shows of "Beta   Co" is "Beta Co": the same company, refused as a duplicate.
    await expect(createCompany(deps(), { name: 'Beta Co', modules: ['wealth'] })).rejects.toMatchObject({
      code: 'DuplicatedName',
    });
    await expect(createCompany(deps(), { name: 'beta  co', modules: ['wealth'] })).rejects.toMatchObject({
      code: 'DuplicatedName',
    });
    expect((await setCompanyModules(deps(), { company: 'BETA    CO', modules: ['links'] })).name).toBe(
      'Beta Co',
    );
    // Its staff sign in with the name typed with one space or several.
    const companyId = (
      await t.db.selectFrom('companies').select('id').where('name', '=', 'Beta Co').executeTakeFirstOrThrow()
    ).id;
    const staff = await createUser(t.db, { companyId });
    for (const company of ['Beta Co', ' beta   co ']) {
      const token = await login(t.app, { company, username: staff.user.username, password: staff.password });
      expect(token, company).toBeTruthy();
    }
  });

  it('refuses a company without modules, at creation and when they are replaced', async () => {
    const none = { code: 'ValidationError', message: expect.stringContaining('at least one module') };
    await expect(createCompany(deps(), { name: 'Empty Co', modules: [] })).rejects.toMatchObject(none);
    await expect(createCompany(deps(), { name: 'Empty Co', modules: [' ', ''] })).rejects.toMatchObject(none);
    await createCompany(deps(), { name: 'Kept Co', modules: ['wealth'] });
    await expect(setCompanyModules(deps(), { company: 'Kept Co', modules: [] })).rejects.toMatchObject(none);
    expect((await listCompanies(deps())).find((company) => company.name === 'Kept Co')?.modules).toEqual([
      'wealth',
    ]);
  });

  it('switches a disabled company off everywhere at once, and enabling brings it back', async () => {
    const tenant = await signInTenant(t);
    const portal = await signInPortalUser(t, tenant);
    const application = await createApplicationFor(tenant);
    const dataToken = await getToken(t, application);
    const link = await createLinkFor(tenant);
    const connect = await createLink(tenant);
    await createCredentials(t.db, { companyId: tenant.companyId });

    await disableCompany(deps(), { company: tenant.company.name });

    // Staff and portal sessions end; nobody signs in.
    expect((await tenant.call('/platform/me')).statusCode).toBe(401);
    expect((await portal.call('/platform/me')).statusCode).toBe(401);
    expect((await post(t.app, '/auth/v0/login', { payload: tenant.credentials })).statusCode).toBe(401);
    // Data-API tokens and credentials are refused.
    expect((await dataGet(t.app, dataToken, '/api/v1/clients')).statusCode).toBe(401);
    expect(
      (await requestToken(t.app, { clientId: application.client_id, secret: application.client_secret }))
        .statusCode,
    ).toBe(401);
    // Links and connect pages answer as unavailable.
    const linkStart = await startSession(t, link.token);
    expect(linkStart.statusCode).toBe(423);
    expect(linkStart.json().error.code).toBe('CompanyDisabled');
    const connectPage = await publicCall(t, connections.getConnectSession.path, { token: connect.token });
    expect(connectPage.json().error.code).toBe('InvalidConnectToken');
    // Scheduled refreshes skip it.
    const queued: string[] = [];
    await enqueueDueRefreshes(t.db, t.clock(), { intervalMinutes: 1 }, async (id) => {
      queued.push(id);
      return true;
    });
    const own = await t.db
      .selectFrom('credentials')
      .select('id')
      .where('company_id', '=', tenant.companyId)
      .execute();
    expect(queued.filter((id) => own.some((row) => row.id === id))).toEqual([]);

    await enableCompany(deps(), { company: tenant.company.name });
    expect((await post(t.app, '/auth/v0/login', { payload: tenant.credentials })).statusCode).toBe(200);
    expect((await dataGet(t.app, await getToken(t, application), '/api/v1/clients')).statusCode).toBe(200);
    expect((await startSession(t, link.token)).statusCode).toBe(200);
    expect(
      (await publicCall(t, connections.getConnectSession.path, { token: connect.token })).statusCode,
    ).toBe(200);
    expect(links.startLinkSession.errors).toContain('CompanyDisabled');
  });
});
