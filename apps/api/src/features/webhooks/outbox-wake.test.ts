import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { emitEvent } from '../../shared/events/emit-event';
import { EVENTS_CHANNEL } from '../../shared/events/events-signal';
import { createLogCapture } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { type OutboxWake, startOutboxWake } from './outbox-wake';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const COMPANY = '00000000-0000-4000-8000-000000000002';
const log = createLogCapture().logger;

/** A dispatcher whose passes are only counted; its timer is an hour, so only wakes run it. */
function countingWake(postgresUrl: string | null) {
  let passes = 0;
  const wake: OutboxWake = startOutboxWake({
    postgresUrl,
    fallbackMs: 3_600_000,
    log,
    async pass() {
      passes += 1;
      return false;
    },
  });
  return { wake, passes: () => passes };
}

async function settle(ms = 300) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

describe('the webhook dispatcher wakes on commits, not on a timer', { timeout: 60_000 }, () => {
  it('a commit in this process wakes it once committed; a rollback does not; no events, no passes', async () => {
    const { wake, passes } = countingWake(null);
    try {
      await settle();
      const atStart = passes();
      await settle(1_000);
      expect(passes()).toBe(atStart);
      await handle.db.transaction().execute(async (trx) => {
        await emitEvent(trx, { companyId: COMPANY, type: 'export.ready', data: {} }, new Date());
        await settle();
        expect(passes()).toBe(atStart);
      });
      await settle();
      expect(passes()).toBe(atStart + 1);
      await handle.db
        .transaction()
        .execute(async (trx) => {
          await emitEvent(trx, { companyId: COMPANY, type: 'export.ready', data: {} }, new Date());
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await settle();
      expect(passes()).toBe(atStart + 1);
    } finally {
      await wake.stop();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'PostgreSQL: another instance’s commit wakes it through NOTIFY, its rollback does not',
    async () => {
      const url = handle.connectionString as string;
      const { wake, passes } = countingWake(url);
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        // Listening (a pass follows it): then only notifications wake it.
        await expect.poll(passes, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
        await settle();
        const before = passes();
        await other.query('begin');
        await other.query(`select pg_notify('${EVENTS_CHANNEL}', '')`);
        await other.query('rollback');
        await settle(500);
        expect(passes()).toBe(before);
        await other.query('begin');
        await other.query(`select pg_notify('${EVENTS_CHANNEL}', '')`);
        await other.query('commit');
        await expect.poll(passes, { timeout: 5_000 }).toBe(before + 1);
      } finally {
        await other.end();
        await wake.stop();
      }
    },
  );
});
