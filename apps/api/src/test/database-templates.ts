import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';

/**
 * Migrated databases the test files start from, built once instead of once per file: migrating costs
 * seconds (PGlite's initdb alone does), copying a migrated database costs little.
 */

/**
 * A dump of a migrated PGlite data directory, in a temp file named after the migrations' content, so
 * it is built once per change of the migrations and shared by every run after. Returns its path.
 */
export async function ensurePGliteTemplate(): Promise<string> {
  const templatePath = join(tmpdir(), `caudal-pglite-${hashMigrations()}.tar`);
  if (existsSync(templatePath)) return templatePath;
  const handle = await openDatabase({ dataDir: null });
  try {
    await migrate(handle.db);
    const dump = await handle.pglite?.dumpDataDir('none');
    if (!dump) throw new Error('PGlite did not dump its data directory');
    // Written aside and renamed, so a parallel run never reads half a template.
    const partial = `${templatePath}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, templatePath);
  } finally {
    await handle.close();
  }
  return templatePath;
}

function hashMigrations(): string {
  const dir = fileURLToPath(new URL('../db/migrations/', import.meta.url));
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).sort()) hash.update(file).update(readFileSync(join(dir, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated database on the server at `serverUrl`, named for this run: each test file then starts from
 * `create database … template <name>`, a file copy, instead of running every migration. Nothing may stay
 * connected to it (PostgreSQL refuses to copy a database in use), so its pool is closed before it returns.
 */
export async function createPostgresTemplate(
  serverUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `caudal_template_${randomBytes(6).toString('hex')}`;
  await runAdmin(serverUrl, `create database ${name}`);
  const drop = () => runAdmin(serverUrl, `drop database if exists ${name} with (force)`);
  try {
    const handle = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, name) });
    try {
      await migrate(handle.db);
    } finally {
      await handle.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}

export function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function runAdmin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
