import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { startTcpRelay } from '../../test/tcp-relay';
import { openTestDatabase } from '../../test/test-database';
import { ExportReadTimeout, readCursor } from './export-cursor';

const serverUrl = process.env.DATABASE_URL;

async function readAll(url: string, text: string, values: unknown[] = [], readDeadlineMs?: number) {
  const rows = [];
  for await (const batch of readCursor(url, text, values, { readDeadlineMs })) rows.push(...batch);
  return rows;
}

describe.runIf(serverUrl)('the export worker’s cursor (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  let url: string;
  beforeAll(async () => {
    handle = await openTestDatabase();
    url = handle.connectionString ?? '';
  });
  afterAll(() => handle.close());

  const backend = async () => (await readAll(url, 'select pg_backend_pid() as pid'))[0]?.pid;

  it('reads every row in batches, and the next export reuses the connection', async () => {
    const rows = await readAll(url, 'select g as n from generate_series(1, $1::int) g', [2500]);
    expect(rows).toHaveLength(2500);
    expect(rows.at(-1)).toEqual({ n: 2500 });
    expect(await backend()).toBe(await backend());
  });

  it('closes a connection whose read failed instead of handing it to the next export', async () => {
    const before = await backend();
    await expect(readAll(url, 'select 1 / (g - 3) from generate_series(1, 5) g')).rejects.toMatchObject({
      code: '22012',
    });
    const after = await backend();
    expect(after).toBeDefined();
    // The failed read took the idle connection and it was closed: a new session answers.
    expect(after).not.toBe(before);
  });

  it('fails a read the database never answers (a partition) within its deadline, and drops its connection', async () => {
    const relay = await startTcpRelay({
      host: new URL(url).hostname,
      port: Number(new URL(url).port || 5432),
    });
    try {
      const through = relay.urlFor(url);
      // Warm: the connection is open and idle in the pool when the network goes silent.
      expect(await readAll(through, 'select 1 as n', [], 500)).toEqual([{ n: 1 }]);
      relay.blackhole();
      const started = Date.now();
      const read = readAll(through, 'select g as n from generate_series(1, 10) g', [], 500);
      await expect(read).rejects.toBeInstanceOf(ExportReadTimeout);
      // Before the fix the read waited for ever (the test's own timeout failed it).
      expect(Date.now() - started).toBeLessThan(5_000);
      relay.forward();
      // The silent connection was dropped, not reused: the next export reads on a new one.
      expect(await readAll(through, 'select 2 as n', [], 5_000)).toEqual([{ n: 2 }]);
    } finally {
      await relay.close();
    }
  });
});
