import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../test/test-database';
import { emitEvent } from './emit-event';
import { onEventsCommitted } from './events-signal';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const COMPANY = '00000000-0000-4000-8000-000000000001';
const now = new Date('2030-01-15T10:00:00Z');

describe('emitEvent', () => {
  it('writes the event with the change, under a random evt_ id', async () => {
    const id = await handle.db
      .transaction()
      .execute((trx) =>
        emitEvent(trx, { companyId: COMPANY, type: 'link.code_issued', data: { link_id: 'l1' } }, now),
      );
    expect(id).toMatch(/^evt_[A-Za-z0-9_-]{22}$/);
    const row = await handle.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: COMPANY, type: 'link.code_issued', data: { link_id: 'l1' } });
    expect(new Date(row.occurred_at).toISOString()).toBe(now.toISOString());
  });

  it('rolls back with a change that fails: no event without its change', async () => {
    const failing = handle.db.transaction().execute(async (trx) => {
      await emitEvent(trx, { companyId: COMPANY, type: 'export.ready', data: { export_id: 'x' } }, now);
      throw new Error('the change failed');
    });
    await expect(failing).rejects.toThrow('the change failed');
    const rows = await handle.db
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'export.ready')
      .execute();
    expect(rows).toEqual([]);
  });

  it('signals this process once the transaction has committed, never before nor on rollback', async () => {
    let signals = 0;
    const unsubscribe = onEventsCommitted(() => {
      signals += 1;
    });
    try {
      await handle.db.transaction().execute(async (trx) => {
        await emitEvent(trx, { companyId: COMPANY, type: 'link.code_issued', data: { link_id: 'l2' } }, now);
        expect(signals).toBe(0);
      });
      expect(signals).toBe(1);
      await expect(
        handle.db.transaction().execute(async (trx) => {
          await emitEvent(trx, { companyId: COMPANY, type: 'export.ready', data: { export_id: 'y' } }, now);
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(signals).toBe(1);
    } finally {
      unsubscribe();
    }
  });
});
