import { DEFAULT_LINK_REDIRECT_URI, links } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEvents } from '../../test/audit-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInTenant } from '../wealth/wealth-fixtures';
import { connectThroughLink, createLinkFor } from './links-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = {
  name: 'Alta de clientes',
  redirect_uri: 'https://acme.test/done',
  terms_and_conditions_url: 'https://acme.test/terms',
  privacy_policy_url: null,
};

describe('the audit of a Link edit', () => {
  it('records the changed fields with the old values the edit replaced, and only those', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant, form);
    const edited = await tenant.call(links.editLink.path, {
      ...form,
      token: link.token,
      name: 'Alta de clientes 2026',
      privacy_policy_url: 'https://acme.test/privacy',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [event] = await findAuditEvents(t.db, tenant.companyId, 'edit-link');
    expect(event).toMatchObject({ target_link_id: link.token });
    expect(event?.changes).toEqual({
      name: { old: 'Alta de clientes', new: 'Alta de clientes 2026' },
      privacy_policy_url: { old: null, new: 'https://acme.test/privacy' },
    });
  });

  it('records a field left out of the form as the value stored (the default), and an unchanged edit with none', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant, form);
    const same = await tenant.call(links.editLink.path, { ...form, token: link.token });
    expect(same.statusCode, same.body).toBe(200);
    const { redirect_uri: _left, ...withoutRedirect } = form;
    const defaulted = await tenant.call(links.editLink.path, { ...withoutRedirect, token: link.token });
    expect(defaulted.statusCode, defaulted.body).toBe(200);
    const events = await findAuditEvents(t.db, tenant.companyId, 'edit-link');
    expect(events.map((event) => event.changes)).toEqual([
      {},
      { redirect_uri: { old: form.redirect_uri, new: DEFAULT_LINK_REDIRECT_URI } },
    ]);
  });

  it('writes none for a Link that is not there', async () => {
    const tenant = await signInTenant(t);
    const missing = await tenant.call(links.editLink.path, { ...form, token: 'n'.repeat(24) });
    expect(missing.statusCode).toBe(404);
    expect(await findAuditEvents(t.db, tenant.companyId, 'edit-link')).toEqual([]);
  });
});

describe('the audit of a Link delete', () => {
  it('keeps the deleted Link’s name as its old value', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant, form);
    const deleted = await tenant.call(links.deleteLink.path, { token: link.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const events = await findAuditEvents(t.db, tenant.companyId, 'delete-link');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ target_link_id: link.token, changes: { name: { old: form.name } } });
  });
});

describe('the audit of a visitor on a Link', () => {
  it('names the Link the visitor came through on each step, with an SCA challenge and without', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant, { name: 'Alta por Link' });
    await connectThroughLink(t, link.token, { username: 'demo-sca' });
    await connectThroughLink(t, link.token);
    const steps = [
      ...(await findAuditEvents(t.db, tenant.companyId, 'submit-credentials')),
      ...(await findAuditEvents(t.db, tenant.companyId, 'submit-sca')),
    ];
    // demo-sca: credentials then the code; demo-ok: credentials alone.
    expect(steps).toHaveLength(3);
    for (const step of steps)
      expect(step).toMatchObject({ actor_kind: 'visitor', target_link_id: link.token });
  });
});
