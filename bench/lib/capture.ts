// Records the exact statements a repository function sends (text and parameters, as Kysely compiles
// them), so the bare-SQL half runs the same SQL the API does, not a hand-copied approximation.
import {
  type Dialect,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import pg from 'pg';
import type { Db, SqlExecutor } from '../../apps/api/src/db/database';
import type { Database } from '../../apps/api/src/db/schema';
import type { Actor } from '../../apps/api/src/shared/auth/actor';
import { findPermissions, toModules } from '../../apps/api/src/shared/auth/actor';
import type { Statement } from './sql-load';

/**
 * Statements in the order they ran, grouped: statements of one group overlapped in time (the repository
 * ran them with Promise.all), groups ran one after the other. The bare-SQL half replays that shape.
 */
export type StatementGroups = Statement[][];

/**
 * Where the statements run while they are recorded: a PostgreSQL URL (a pool of its own), or the PGlite
 * handle's executor (the same instance, mutex and prepared statements the API uses).
 */
export type StatementSource = string | SqlExecutor;

export async function captureStatements(
  source: StatementSource,
  run: (db: Db) => Promise<unknown>,
): Promise<StatementGroups> {
  const seen: { statement: Statement; start: number; end: number }[] = [];
  let recording = false;
  const db = new Kysely<Database>({
    dialect:
      typeof source === 'string'
        ? new PostgresDialect({ pool: new pg.Pool({ connectionString: source, max: 10 }) })
        : executorDialect(source),
    log: (event) => {
      if (!recording) return;
      const end = performance.now();
      seen.push({
        statement: { sql: event.query.sql, parameters: event.query.parameters },
        start: end - event.queryDurationMillis,
        end,
      });
    },
  });
  try {
    // Once unrecorded, so the pool holds open connections: a query's duration starts once it has one,
    // and queries run with Promise.all then overlap, as they do in the API's warm pool.
    await run(db);
    recording = true;
    await run(db);
  } finally {
    await db.destroy();
  }
  seen.sort((a, b) => a.start - b.start);
  const groups: StatementGroups = [];
  let groupEnd = Number.NEGATIVE_INFINITY;
  for (const entry of seen) {
    const current = groups.at(-1);
    if (current && entry.start < groupEnd) {
      current.push(entry.statement);
      groupEnd = Math.max(groupEnd, entry.end);
    } else {
      groups.push([entry.statement]);
      groupEnd = entry.end;
    }
  }
  return groups;
}

/**
 * A dialect whose every statement goes through the executor: reads only (the scenarios' repository
 * functions); a transaction would not be one here, so asking for one fails.
 */
function executorDialect(executor: SqlExecutor): Dialect {
  const refuse = async () => {
    throw new Error('captureStatements over PGlite records reads only, not transactions');
  };
  return {
    createAdapter: () => new PostgresAdapter(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createDriver: () => ({
      init: async () => {},
      acquireConnection: async () => ({
        executeQuery: async (compiled) => ({
          rows: (await executor.executeSql(compiled.sql, [...compiled.parameters])).rows as never[],
        }),
        streamQuery: () => {
          throw new Error('captureStatements does not stream');
        },
      }),
      beginTransaction: refuse,
      commitTransaction: refuse,
      rollbackTransaction: refuse,
      releaseConnection: async () => {},
      destroy: async () => {},
    }),
  };
}

/** The actor the API builds for the bench staff user (staff: every client of the company). */
export async function loadStaffActor(db: Db, companyId: string, username: string): Promise<Actor> {
  const user = await db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.kind',
      'users.role',
      'users.permissions',
      'users.username',
      'users.name',
      'users.email',
      'companies.name as companyName',
      'companies.modules',
    ])
    .where('users.company_id', '=', companyId)
    .where('users.username', '=', username)
    .executeTakeFirstOrThrow();
  const modules = toModules(user.modules);
  return {
    userId: user.id,
    companyId,
    kind: user.kind,
    role: user.kind === 'staff' ? user.role : null,
    modules,
    permissions: findPermissions(user.kind, modules, user.permissions),
    sessionId: '00000000-0000-0000-0000-000000000000',
    clientIds: null,
    profile: { username: user.username, name: user.name, email: user.email, companyName: user.companyName },
  };
}
