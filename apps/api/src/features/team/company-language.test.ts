import { team } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEvents } from '../../test/audit-events';
import { createTestApp, createUser, login, post, type TestApp } from '../../test/test-app';
import { signInPortalUser, signInTenant } from '../wealth/wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function languageOf(companyId: string) {
  const row = await t.db
    .selectFrom('companies')
    .select('language')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row.language;
}

describe('the company language', () => {
  it('is Spanish until an admin changes it; the change is audited with its old and new value', async () => {
    const admin = await signInTenant(t);
    const read = await admin.call(team.getCompanyLanguage.path);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ language: 'es' });

    const set = await admin.call(team.setCompanyLanguage.path, { language: 'en' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ language: 'en' });
    expect((await admin.call(team.getCompanyLanguage.path)).json()).toEqual({ language: 'en' });
    expect(await languageOf(admin.companyId)).toBe('en');

    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'actor_kind', 'changes'])
      .where('company_id', '=', admin.companyId)
      .where('action', '=', 'set-company-language')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_kind: 'staff',
      changes: { language: { old: 'es', new: 'en' } },
    });
  });

  it('takes only es or en, and a refused change leaves it and the audit log alone', async () => {
    const admin = await signInTenant(t);
    for (const language of ['fr', '', null, 'EN']) {
      const refused = await admin.call(team.setCompanyLanguage.path, { language });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('ValidationError');
    }
    expect(await languageOf(admin.companyId)).toBe('es');
    expect(await findAuditEvents(t.db, admin.companyId, 'set-company-language')).toEqual([]);
  });

  it('members and portal users can neither read nor change it', async () => {
    const admin = await signInTenant(t);
    const member = await createUser(t.db, { companyId: admin.companyId, role: 'member' });
    const memberToken = await login(t.app, {
      company: admin.company.name,
      username: member.user.username,
      password: member.password,
    });
    const portal = await signInPortalUser(t, admin);
    for (const call of [
      (path: string, payload: unknown) => post(t.app, path, { token: memberToken, payload }),
      portal.call,
    ]) {
      expect((await call(team.setCompanyLanguage.path, { language: 'en' })).statusCode).toBe(403);
      expect((await call(team.getCompanyLanguage.path, {})).statusCode).toBe(403);
    }
    expect(await languageOf(admin.companyId)).toBe('es');
  });

  it('another company’s admin reads and changes only their own', async () => {
    const first = await signInTenant(t);
    const other = await signInTenant(t);
    await first.call(team.setCompanyLanguage.path, { language: 'en' });
    // The session names the company: nothing in the request can point at another one.
    expect((await other.call(team.getCompanyLanguage.path)).json()).toEqual({ language: 'es' });
    const set = await other.call(team.setCompanyLanguage.path, {
      language: 'es',
      company_id: first.companyId,
    });
    expect(set.statusCode).toBe(200);
    expect(await languageOf(first.companyId)).toBe('en');
    expect(await languageOf(other.companyId)).toBe('es');
  });
});
