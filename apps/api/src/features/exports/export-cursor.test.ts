import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../test/test-database';
import { readCursor } from './export-cursor';

const serverUrl = process.env.DATABASE_URL;

async function readAll(url: string, text: string, values: unknown[] = []) {
  const rows = [];
  for await (const batch of readCursor(url, text, values)) rows.push(...batch);
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
});
