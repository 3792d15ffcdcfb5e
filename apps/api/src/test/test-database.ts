import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type DatabaseHandle, type DatabaseTimeouts, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { databaseUrlOf, ensurePGliteTemplate, runAdmin } from './database-templates';
import { leasePGlite } from './pglite-pool';

/**
 * A freshly migrated database for one test file: in-memory PGlite (an instance of this worker's pool,
 * emptied back to the migrated state), or, when DATABASE_URL is set, a uniquely named database on that
 * server, copied from the run's migrated template and dropped again by `close`. The templates come from
 * the api project's global setup (src/test/global-setup.ts).
 */
export async function openTestDatabase(timeouts?: DatabaseTimeouts): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) return openServerDatabase(serverUrl, inject('postgresTemplate'), timeouts);
  return leasePGlite(inject('pgliteTemplate') ?? (await ensurePGliteTemplate()), timeouts);
}

async function openServerDatabase(
  serverUrl: string,
  template: string | null | undefined,
  timeouts?: DatabaseTimeouts,
): Promise<DatabaseHandle> {
  const name = `caudal_test_${randomBytes(6).toString('hex')}`;
  await runAdmin(
    serverUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const handle = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, name) }, timeouts);
  // Without the global setup (a config that skips it) every file migrates its own database.
  if (!template) await migrate(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await runAdmin(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
