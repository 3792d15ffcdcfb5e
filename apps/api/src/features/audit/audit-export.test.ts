import { applications, audit, exports as exportCalls, links, wealth } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEvents } from '../../test/audit-events';
import { createTestApp, createUser, login, post, type TestApp } from '../../test/test-app';
import { runExport } from '../exports/export-job';
import { exportJobDeps } from '../exports/exports-fixtures';
import { neutraliseFormula } from '../exports/formula-guard';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BOM = '\uFEFF';
/** Forks the export worker the first time: seconds on a loaded machine. */
const WORKER_TEST_TIMEOUT_MS = 60_000;
const form = { name: 'María García López', alias: 'garcia-lopez-maria', entities: ['santander'] };

/** Queues the audit CSV through the API, runs its job, downloads it as the browser does. */
async function exportAudit(tenant: SignedInTenant, request: Record<string, unknown>) {
  const queued = await tenant.call(audit.exportAuditEvents.path, request);
  expect(queued.statusCode, queued.body).toBe(200);
  const id: string = queued.json().id;
  expect(await runExport(exportJobDeps(t), id)).toBe('ready');
  const status = await tenant.call(audit.auditExportStatus.path, { export_id: id });
  expect(status.json()).toMatchObject({ status: 'ready' });
  const link = await tenant.call(audit.auditExportDownloadLink.path, { export_id: id });
  expect(link.statusCode, link.body).toBe(200);
  const file = await t.app.inject({ method: 'GET', url: link.json().path });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toContain('text/csv');
  return { id, text: file.rawPayload.toString('utf8'), rows: status.json().rows_written as number };
}

/** A value as the CSV writes it: a random token may begin with '-', which gets the formula guard's apostrophe. */
const asCsvText = (value: string) => neutraliseFormula(value);

/** A Spanish file's rows (BOM, `;`, CRLF; no field here holds either) and a column's index by its title. */
function readSpanishCsv(text: string) {
  const rows = text
    .slice(1)
    .trim()
    .split('\r\n')
    .map((row) => row.split(';'));
  const header = rows[0] ?? [];
  return { rows, column: (name: string) => header.indexOf(name) };
}

describe('exporting the audit log as CSV', () => {
  it(
    'holds exactly the filtered events of the caller’s company, in Spanish (; and BOM) or English (,)',
    async () => {
      const tenant = await signInTenant(t);
      const other = await signInTenant(t);
      const client = (await tenant.call(wealth.clientCreate.path, form)).json();
      await tenant.call(wealth.clientEdit.path, { ...form, name: 'María García', client_id: client.id });
      // Another company: the same actions, on its own client, must never reach the file.
      const foreign = (await other.call(wealth.clientCreate.path, form)).json();
      await other.call(wealth.clientEdit.path, { ...form, name: 'Ajeno', client_id: foreign.id });

      const edits = await exportAudit(tenant, { action: 'client-edit', language: 'es' });
      expect(edits.text.startsWith(BOM)).toBe(true);
      const lines = edits.text.slice(1).trim().split('\r\n');
      expect(lines[0]).toBe(
        'Fecha (UTC);Tipo;Acción;Código de acción;Tipo de actor;Quién;Id. del actor;Id. del cliente;Cliente;' +
          'Credencial;Token del Link;Link;Client id de la aplicación;Aplicación;Usuario;IP;Navegador;' +
          'Id. de petición;Campos cambiados',
      );
      expect(lines).toHaveLength(2);
      // A date and time a spreadsheet reads as one; the action by its name and its code; the client by
      // its id and its name today.
      expect(lines[1]).toMatch(
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2};Cambio;Cliente editado;client-edit;Empleado;/,
      );
      expect(lines[1]).toContain(`;${client.id};María García;`);
      expect(lines[1]).toContain('María García');
      expect(edits.rows).toBe(1);
      expect(edits.text).not.toContain(foreign.id);
      expect(edits.text).not.toContain('Ajeno');

      // The sign-in and the edit, as the screen's filters pick them, in English.
      const mine = await exportAudit(tenant, { actor: tenant.user.username, language: 'en' });
      const rows = mine.text.slice(1).trim().split('\r\n');
      expect(rows[0]?.split(',').slice(0, 6)).toEqual([
        'Date (UTC)',
        'Kind',
        'Action',
        'Action code',
        'Actor kind',
        'Who',
      ]);
      const actions = rows.slice(1).map((row) => row.split(',')[3]);
      // The two exports asked for (each is an action), the edit, the create, the sign-in (the test
      // clock stands still, so their order is the ids').
      expect(actions.sort()).toEqual([
        'client-create',
        'client-edit',
        'export-events',
        'export-events',
        'login',
      ]);
      expect(rows.some((row) => row.includes(',Sign-in,Sign-in,login,Staff,'))).toBe(true);
      expect(mine.text).not.toContain(other.user.id);
      // Another company's client id as a filter finds nothing of it: only this export's own event
      // (recorded in the caller's company, naming the client id it was asked for).
      const none = await exportAudit(tenant, { client_id: foreign.id, language: 'es' });
      const found = none.text.slice(1).trim().split('\r\n').slice(1);
      expect(found.map((row) => row.split(';')[3])).toEqual(['export-events']);
      expect(none.text).not.toContain(other.user.id);
      expect(none.text).not.toContain('Ajeno');
    },
    WORKER_TEST_TIMEOUT_MS,
  );

  it('names the Link and the application of each event, from the reader’s company only', async () => {
    const tenant = await signInTenant(t);
    const link = (await tenant.call(links.createLink.path, { name: 'Alta de otoño' })).json();
    const application = (await tenant.call(applications.createApplication.path, { name: 'ERP' })).json();
    const file = await exportAudit(tenant, { language: 'es' });
    const { rows, column } = readSpanishCsv(file.text);
    const linkRow = rows.find((row) => row[column('Código de acción')] === 'create-link');
    expect(linkRow?.[column('Token del Link')]).toBe(asCsvText(link.token));
    expect(linkRow?.[column('Link')]).toBe('Alta de otoño');
    const applicationRow = rows.find((row) => row[column('Código de acción')] === 'create-application');
    expect(applicationRow?.[column('Client id de la aplicación')]).toBe(application.client_id);
    expect(applicationRow?.[column('Aplicación')]).toBe('ERP');
  });

  it(
    'names a deleted Link, application and client on every event about them, by what their delete recorded',
    async () => {
      const tenant = await signInTenant(t);
      const link = (await tenant.call(links.createLink.path, { name: 'Link Borrado' })).json();
      expect((await tenant.call(links.pauseLink.path, { token: link.token })).statusCode).toBe(200);
      expect((await tenant.call(links.deleteLink.path, { token: link.token })).statusCode).toBe(200);
      const app = (await tenant.call(applications.createApplication.path, { name: 'App Borrada' })).json();
      const rotate = { client_id: app.client_id };
      expect((await tenant.call(applications.rotateApplicationSecret.path, rotate)).statusCode).toBe(200);
      expect((await tenant.call(applications.deleteApplication.path, rotate)).statusCode).toBe(200);
      const client = (
        await tenant.call(wealth.clientCreate.path, { ...form, name: 'Cliente Borrado' })
      ).json();
      expect((await tenant.call(wealth.clientDelete.path, { client_id: client.id })).statusCode).toBe(200);
      // Another company's deleted Link, whose token a (forged) event of this company holds.
      const other = await signInTenant(t);
      const theirs = (await other.call(links.createLink.path, { name: 'Link Ajeno' })).json();
      expect((await other.call(links.deleteLink.path, { token: theirs.token })).statusCode).toBe(200);
      await t.db
        .insertInto('audit_events')
        .values({
          company_id: tenant.companyId,
          occurred_at: t.clock(),
          kind: 'change',
          action: 'resume-link',
          actor_kind: 'staff',
          target_link_id: theirs.token,
          changes: JSON.stringify({}),
        })
        .execute();

      const file = await exportAudit(tenant, { language: 'es' });
      const { rows, column } = readSpanishCsv(file.text);
      const named = (action: string, name: string) =>
        rows.find((row) => row[column('Código de acción')] === action)?.[column(name)];
      expect(named('pause-link', 'Link')).toBe('Link Borrado');
      expect(named('create-link', 'Link')).toBe('Link Borrado');
      expect(named('rotate-application-secret', 'Aplicación')).toBe('App Borrada');
      expect(named('client-create', 'Cliente')).toBe('Cliente Borrado');
      expect(named('resume-link', 'Token del Link')).toBe(asCsvText(theirs.token));
      expect(named('resume-link', 'Link')).toBe('');
      expect(file.text).not.toContain('Link Ajeno');
    },
    WORKER_TEST_TIMEOUT_MS,
  );

  it('is recorded as an action, with the filters it used', async () => {
    const tenant = await signInTenant(t);
    const queued = await tenant.call(audit.exportAuditEvents.path, { action: 'login', language: 'en' });
    expect(queued.statusCode).toBe(200);
    const events = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('company_id', '=', tenant.companyId)
      .where('action', '=', 'export-events')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor_id: tenant.user.id,
      changes: { action: { new: 'login' }, language: { new: 'en' } },
    });
  });

  it('refuses members and portal users, and shows an export to nobody but the admin who asked', async () => {
    const tenant = await signInTenant(t);
    const queued = await tenant.call(audit.exportAuditEvents.path, { language: 'es' });
    const id: string = queued.json().id;
    const member = await createUser(t.db, { companyId: tenant.companyId, role: 'member' });
    const portal = await createUser(t.db, { companyId: tenant.companyId, kind: 'portal' });
    const colleague = await createUser(t.db, { companyId: tenant.companyId, role: 'admin' });
    for (const [who, user] of [
      ['member', member],
      ['portal', portal],
    ] as const) {
      const token = await login(t.app, {
        company: tenant.company.name,
        username: user.user.username,
        password: user.password,
      });
      for (const path of [
        audit.exportAuditEvents.path,
        audit.auditExportStatus.path,
        audit.auditExportDownloadLink.path,
      ]) {
        const refused = await post(t.app, path, { token, payload: { export_id: id } });
        expect(refused.statusCode, `${who} ${path}`).toBe(403);
      }
      // Nor through the wealth export calls, which never list or serve an audit export.
      const list = await post(t.app, exportCalls.exportList.path, { token });
      if (list.statusCode === 200) expect(JSON.stringify(list.json())).not.toContain(id);
      const status = await post(t.app, exportCalls.exportStatus.path, { token, payload: { export_id: id } });
      expect([403, 404]).toContain(status.statusCode);
    }
    const colleagueToken = await login(t.app, {
      company: tenant.company.name,
      username: colleague.user.username,
      password: colleague.password,
    });
    const theirs = await post(t.app, audit.auditExportStatus.path, {
      token: colleagueToken,
      payload: { export_id: id },
    });
    expect(theirs.statusCode).toBe(404);
    const otherCompany = await signInTenant(t);
    const foreign = await otherCompany.call(audit.auditExportDownloadLink.path, { export_id: id });
    expect(foreign.statusCode).toBe(404);
    // The admin's own wealth export list does not show it either (the screen is /audit's).
    expect(JSON.stringify((await tenant.call(exportCalls.exportList.path)).json())).not.toContain(id);
  });

  it('counts against the export caps: the sixth waiting export of a user is 429 TooManyExports', async () => {
    const tenant = await signInTenant(t);
    for (let index = 0; index < 5; index++) {
      expect((await tenant.call(audit.exportAuditEvents.path, { language: 'es' })).statusCode).toBe(200);
    }
    const refused = await tenant.call(audit.exportAuditEvents.path, { language: 'es' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TooManyExports');
    const recorded = await findAuditEvents(t.db, tenant.companyId, 'export-events');
    // The refused one wrote no event.
    expect(recorded).toHaveLength(5);
  });
});
