import { connections, links } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { publicCall } from '../connections/connections-fixtures';
import { signInTenant } from '../wealth/wealth-fixtures';
import { connectThroughLink, createLinkFor, startSession } from './links-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('link.code_issued', () => {
  it('a visitor connecting through a Link writes credentials.created and link.code_issued, never the code', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const { code } = await connectThroughLink(t, link.token);
    const events = await t.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('company_id', '=', tenant.companyId)
      .execute();
    const credential = await t.db
      .selectFrom('credentials')
      .select('token')
      .where('company_id', '=', tenant.companyId)
      .executeTakeFirstOrThrow();
    expect(events.map((event) => event.type).sort()).toEqual(['credentials.created', 'link.code_issued']);
    expect(events.find((event) => event.type === 'link.code_issued')?.data).toEqual({
      link_token: link.token,
      credentials_token: credential.token,
      expires_at: expect.any(String),
      state: null,
    });
    expect(JSON.stringify(events)).not.toContain(code);
  });

  it('a paused Link refuses the visit: no credential, no event', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const started = await startSession(t, link.token);
    const { connect_token: token } = links.startLinkSession.response.parse(started.json());
    // Paused after the visitor's session started: the flow's last step rolls back whole.
    expect((await tenant.call(links.pauseLink.path, { token: link.token })).statusCode).toBe(200);
    const step = await publicCall(t, connections.submitConnectCredentials.path, {
      token,
      entity_id: 'santander',
      username: 'demo-ok',
      password: 'demo',
      accept_terms: true,
    });
    expect(step.statusCode).toBe(423);
    expect(
      await t.db.selectFrom('credentials').select('id').where('company_id', '=', tenant.companyId).execute(),
    ).toEqual([]);
    const events = await t.db
      .selectFrom('events')
      .select('type')
      .where('company_id', '=', tenant.companyId)
      .execute();
    expect(events).toEqual([]);
  });
});
