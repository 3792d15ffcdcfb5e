import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './database';
import { withoutStatementDeadline } from './statement-deadline';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant shared by every instance: they queue on it instead of racing to migrate. */
const MIGRATION_LOCK_KEY = 727_001;

/** Applies every `NNNN-name.sql` not yet recorded, in order, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => /^\d{4}-[\w-]+\.sql$/.test(file)).sort();
  // The data path's timeouts are for requests: waiting for another instance's migration, or a long
  // migration itself, must not fail a start (nor the client's deadline end its connection, decision
  // 0063). The session gets them back before it returns to the pool.
  return withoutStatementDeadline(() =>
    db.connection().execute(async (connection) => {
      await sql`set statement_timeout = 0`.execute(connection);
      await sql`set lock_timeout = 0`.execute(connection);
      await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
      try {
        await sql`create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`.execute(connection);
        const applied = new Set(
          (await connection.selectFrom('schema_migrations').select('name').execute()).map((row) => row.name),
        );
        const pending = files.filter((file) => !applied.has(file));
        for (const file of pending) {
          const script = await readFile(`${MIGRATIONS_DIR}${file}`, 'utf8');
          await connection.transaction().execute(async (trx) => {
            await sql.raw(script).execute(trx);
            await trx.insertInto('schema_migrations').values({ name: file }).execute();
          });
        }
        return pending;
      } finally {
        await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
        await sql`reset statement_timeout`.execute(connection);
        await sql`reset lock_timeout`.execute(connection);
      }
    }),
  );
}
