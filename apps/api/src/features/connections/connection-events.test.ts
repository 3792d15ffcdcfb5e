import { connections } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCredentials } from '../seed/wealth-factories';
import { signInTenant } from '../wealth/wealth-fixtures';
import { connect, createLink, credentialRow, refreshDeps, submit } from './connections-fixtures';
import { applyRefreshResult, refreshCredential } from './refresh';
import { emitDueScaEvents } from './sca-due-scan';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The company's outbox, oldest first. */
async function eventsOf(companyId: string) {
  const rows = await t.db
    .selectFrom('events')
    .select(['type', 'data', 'company_id'])
    .where('company_id', '=', companyId)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ type: row.type, data: row.data }));
}

describe('credential events (the outbox, in the change transaction)', () => {
  it('a connect writes exactly one credentials.created, with ids only; a refused login writes none', async () => {
    const other = await signInTenant(t);
    const link = await createLink(other);
    expect((await submit(t, link.token, { username: 'demo-wrong', password: 'x' })).statusCode).toBe(422);
    expect(await eventsOf(other.companyId)).toEqual([]);

    const { credentialsToken } = await connect(t, other);
    expect(await eventsOf(other.companyId)).toEqual([
      {
        type: 'credentials.created',
        data: { credentials_token: credentialsToken, bank: 'santander', client_id: null },
      },
    ]);
  });

  it('a successful refresh writes one credentials.updated; a blocking one one needs_action', async () => {
    const company = await signInTenant(t);
    const { credentialsToken } = await connect(t, company);
    const row = await credentialRow(t, credentialsToken);
    t.clock.advanceMinutes(5);
    expect(await refreshCredential(await refreshDeps(t), row.id)).toBe('ok');
    const afterRefresh = await eventsOf(company.companyId);
    expect(afterRefresh.map((event) => event.type)).toEqual(['credentials.created', 'credentials.updated']);
    expect(afterRefresh[1]?.data).toEqual({
      credentials_token: credentialsToken,
      bank: 'santander',
      status: 'ok',
    });

    t.clock.advanceMinutes(5);
    // An outage is temporary: no event.
    await applyRefreshResult(t.db, await credentialRow(t, credentialsToken), { outcome: 'down' }, t.clock());
    expect((await eventsOf(company.companyId)).length).toBe(2);
    t.clock.advanceMinutes(5);
    await applyRefreshResult(
      t.db,
      await credentialRow(t, credentialsToken),
      { outcome: 'invalid_access' },
      t.clock(),
    );
    const events = await eventsOf(company.companyId);
    expect(events.length).toBe(3);
    expect(events[2]).toEqual({
      type: 'credentials.needs_action',
      data: { credentials_token: credentialsToken, bank: 'santander', reason: 'invalid_access' },
    });
    // A stale failure (the credential changed since it was read) writes neither status nor event.
    await applyRefreshResult(t.db, row, { outcome: 'blocked' }, t.clock());
    expect((await eventsOf(company.companyId)).length).toBe(3);
  });

  it('a delete writes one credentials.deleted; deleting an unknown token writes none', async () => {
    const company = await signInTenant(t);
    const { credentialsToken } = await connect(t, company);
    const missing = await company.call(connections.credentialsDelete.path, { credentials_token: 'nope' });
    expect(missing.statusCode).toBe(404);
    const deleted = await company.call(connections.credentialsDelete.path, {
      credentials_token: credentialsToken,
    });
    expect(deleted.statusCode).toBe(200);
    const types = (await eventsOf(company.companyId)).map((event) => event.type).sort();
    expect(types).toEqual(['credentials.created', 'credentials.deleted']);
  });

  it('"SCA due" is emitted by the scan once per credential and transition, without writing it', async () => {
    const company = await signInTenant(t);
    const stale = new Date(t.clock().getTime() - 21 * 3_600_000);
    const row = await createCredentials(t.db, { companyId: company.companyId, now: stale });
    await t.db
      .updateTable('credentials')
      .set({ sca_token: 'sca-1', status: 'sca' })
      .where('id', '=', row.id)
      .execute();
    const fresh = await createCredentials(t.db, { companyId: company.companyId, now: t.clock() });
    await t.db
      .updateTable('credentials')
      .set({ sca_token: 'sca-2', status: 'sca' })
      .where('id', '=', fresh.id)
      .execute();
    const before = await credentialRow(t, row.token);

    await emitDueScaEvents(t.db, t.clock());
    await emitDueScaEvents(t.db, t.clock());
    expect(await eventsOf(company.companyId)).toEqual([
      {
        type: 'credentials.needs_action',
        data: { credentials_token: row.token, bank: 'santander', reason: 'sca_due' },
      },
    ]);
    expect(await credentialRow(t, row.token)).toEqual(before);

    // The fresh one goes stale 20 h later: its own transition, once.
    t.clock.advanceMinutes(20 * 60 + 1);
    await emitDueScaEvents(t.db, t.clock());
    await emitDueScaEvents(t.db, t.clock());
    expect((await eventsOf(company.companyId)).length).toBe(2);

    // A success and a new SCA wait later is a new transition of the first one.
    const later = new Date(t.clock().getTime() - 20 * 3_600_000 - 60_000);
    await t.db.updateTable('credentials').set({ last_success_at: later }).where('id', '=', row.id).execute();
    await emitDueScaEvents(t.db, t.clock());
    expect((await eventsOf(company.companyId)).length).toBe(3);
  });
});
