import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInTenant } from '../wealth/wealth-fixtures';
import { claimExport, completeExport, failExport } from './exports.repository';
import { createExportBook, generateExport, transactionsRequest } from './exports-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function eventsOf(companyId: string) {
  return t.db.selectFrom('events').select(['type', 'data']).where('company_id', '=', companyId).execute();
}

describe('export.ready', () => {
  it('a run marked ready writes one export.ready with its id; a run no longer running writes none', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const id = await generateExport(a.call, transactionsRequest([client.id]));
    const now = t.clock();
    const expiresAt = new Date(now.getTime() + 3_600_000);
    expect(await claimExport(t.db, id, now)).toBeTruthy();
    expect(await completeExport(t.db, id, { rows: 3, bytes: 10, now, expiresAt })).toBe(true);
    expect(await completeExport(t.db, id, { rows: 3, bytes: 10, now, expiresAt })).toBe(false);
    expect(await eventsOf(a.companyId)).toEqual([
      {
        type: 'export.ready',
        data: { export_id: id, type: 'transactions', format: 'csv', expires_at: expiresAt.toISOString() },
      },
    ]);

    const failed = await generateExport(a.call, transactionsRequest([client.id]));
    await failExport(t.db, failed, now, 'UnexpectedError');
    expect(await completeExport(t.db, failed, { rows: 3, bytes: 10, now, expiresAt })).toBe(false);
    expect((await eventsOf(a.companyId)).length).toBe(1);
  });
});
