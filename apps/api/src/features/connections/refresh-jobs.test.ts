import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { queueOf } from '../../shared/jobs/jobs';
import { openTestDatabase } from '../../test/test-database';
import { REFRESH_QUEUE, sendRefresh } from './refresh-jobs';

let handle: DatabaseHandle;
let boss: PgBoss;

beforeAll(async () => {
  handle = await openTestDatabase();
  boss = handle.executor
    ? new PgBoss({ db: handle.executor as PgBoss.Db })
    : new PgBoss({ connectionString: handle.connectionString ?? undefined, max: 2 });
  // The database is dropped with (force) after the tests: pg-boss re-emits its pool's "terminating
  // connection" as an 'error' event, which without a listener is an uncaught exception (the app listens:
  // shared/jobs/jobs.ts openJobBoss).
  boss.on('error', () => {});
  await boss.start();
  await boss.createQueue(REFRESH_QUEUE, { name: REFRESH_QUEUE, policy: 'stately' });
});
afterAll(async () => {
  await boss.stop({ graceful: false, wait: true });
  await handle.close();
});

describe('refresh queue', () => {
  it('holds one queued refresh per credential (singleton key = credential id)', async () => {
    const enqueue = sendRefresh(queueOf(boss));
    expect(await enqueue('cred-a')).toBe(true);
    expect(await enqueue('cred-a')).toBe(false);
    expect(await enqueue('cred-b')).toBe(true);
    const [job] = await boss.fetch<{ credentialsId: string }>(REFRESH_QUEUE);
    expect(job?.data.credentialsId).toBe('cred-a');
    // While cred-a runs, one more may wait behind it, but only one.
    expect(await enqueue('cred-a')).toBe(true);
    expect(await enqueue('cred-a')).toBe(false);
  });
});
