import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import {
  createPGliteAccess,
  type DatabaseHandle,
  type DatabaseTimeouts,
  DEFAULT_DATABASE_TIMEOUTS,
  openDatabase,
} from '../db/database';
import { Mutex } from '../db/mutex';

/**
 * Migrated in-memory PGlite instances, reused by the test files of one worker (the api project runs
 * with `isolate: false`, so this module lives as long as the worker). Starting PGlite from a dump costs
 * a second or more of CPU (unpacking ~40 MB into its memory file system, starting Postgres); emptying
 * every table costs milliseconds. A handle's `close` empties its instance back to the migrated state and
 * returns it here; the handle itself is then closed for good, like a closed database.
 */
const idle: PGlite[] = [];
/** Beyond this many idle instances (a file that opened several at once), the extra ones are closed. */
const MAX_IDLE = 2;
let templateBytes: Buffer | null = null;

export async function leasePGlite(
  templatePath: string,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): Promise<DatabaseHandle> {
  const pglite = idle.pop() ?? (await startPGlite(templatePath));
  let isLeased = true;
  // The handle's view of the instance: refuses every use once the handle is closed, so a late query
  // from a closed app fails as on a closed database instead of reaching the next file's data.
  const lease = new Proxy(pglite, {
    get(target, key) {
      if (!isLeased) throw new Error('PGlite is closed');
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  // As openDatabase builds a PGlite handle: one mutex shared by Kysely and pg-boss's executor.
  const mutex = new Mutex();
  const { db, executor } = createPGliteAccess(lease, mutex, timeouts);
  return {
    db,
    kind: 'pglite',
    pglite: lease,
    executor,
    connectionString: null,
    postgresClient: null,
    timeouts,
    interrupt: () => {},
    close: async () => {
      if (!isLeased) return;
      await db.destroy();
      await mutex.run(async () => {
        isLeased = false;
        await returnToPool(pglite);
      });
    },
  };
}

async function startPGlite(templatePath: string): Promise<PGlite> {
  templateBytes ??= readFileSync(templatePath);
  const handle = await openDatabase({ template: new Blob([templateBytes]) });
  if (!handle.pglite) throw new Error('A PGlite template opened without its PGlite instance');
  return handle.pglite;
}

async function returnToPool(pglite: PGlite): Promise<void> {
  if (pglite.closed) return;
  try {
    await resetToMigrated(pglite);
  } catch {
    await pglite.close();
    return;
  }
  if (idle.length < MAX_IDLE) idle.push(pglite);
  else await pglite.close();
}

/**
 * Back to what the migrations left: no rows (the migrations insert none), sequences restarted, no
 * schema a test or pg-boss added, and a fresh session (settings, prepared statements, locks, listens).
 */
async function resetToMigrated(pglite: PGlite): Promise<void> {
  // A test that failed inside a transaction may have left it open; `discard all` cannot run in one.
  await pglite.exec('rollback');
  await pglite.exec('discard all');
  const { rows: schemas } = await pglite.query<{ name: string }>(
    `select nspname as name from pg_namespace
     where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%'`,
  );
  for (const { name } of schemas) await pglite.exec(`drop schema ${quoteIdentifier(name)} cascade`);
  const { rows: tables } = await pglite.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname = 'public' and tablename <> 'schema_migrations'`,
  );
  if (tables.length > 0) {
    await pglite.exec(`truncate ${tables.map((table) => table.name).join(', ')} restart identity cascade`);
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
