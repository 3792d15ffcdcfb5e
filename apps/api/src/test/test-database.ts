import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';

/**
 * A freshly migrated database for one test file: in-memory PGlite, or, when DATABASE_URL is set, a
 * uniquely named database on that server, dropped again by `close`.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? openServerDatabase(serverUrl) : openPGliteFromTemplate();
}

/**
 * PGlite's initdb costs seconds per instance; a migrated data directory, dumped once to a temp file
 * named after the migrations' content, is loaded instead by every test file after the first.
 */
async function openPGliteFromTemplate(): Promise<DatabaseHandle> {
  const templatePath = join(tmpdir(), `caudal-pglite-${hashMigrations()}.tar`);
  if (existsSync(templatePath)) {
    return openDatabase({ template: new Blob([readFileSync(templatePath)]) });
  }
  const handle = await openDatabase({ dataDir: null });
  await migrate(handle.db);
  const dump = await handle.pglite?.dumpDataDir('none');
  if (dump) {
    // Written aside and renamed, so a parallel test file never reads half a template.
    const partial = `${templatePath}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, templatePath);
  }
  return handle;
}

function hashMigrations(): string {
  const dir = fileURLToPath(new URL('../db/migrations/', import.meta.url));
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).sort()) hash.update(file).update(readFileSync(join(dir, file)));
  return hash.digest('hex').slice(0, 16);
}

async function openServerDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const name = `caudal_test_${randomBytes(6).toString('hex')}`;
  await runAdmin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrate(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await runAdmin(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function runAdmin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
