// The bare-SQL side's tools: the statement type, a pool or PGlite executor to run statements on, and one
// EXPLAIN (ANALYZE, BUFFERS) of them. The floor's load loop is floor-loop.ts.
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { SqlExecutor } from '../../apps/api/src/db/database';
import { CONNECTIONS } from './api';
import type { RunSql } from './floor-loop';
import { queryPrepared } from './prepared-query';

/** A statement as the driver receives it: the text and its parameters (what Kysely's compile() gives). */
export type Statement = Pick<CompiledQuery, 'sql' | 'parameters'>;

export function openPool(databaseUrl: string): pg.Pool {
  // The API's pool has max 10 too (apps/api/src/db/database.ts).
  return new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
}

/** Statements through a `pg` pool (PostgreSQL) or the PGlite handle's executor, answering rows. */
export function sqlRunnerOf(source: pg.Pool | SqlExecutor): RunSql {
  if (source instanceof pg.Pool)
    return async (text, parameters) => (await queryPrepared(source, text, parameters)).rows;
  return async (text, parameters) =>
    (await source.executeSql(text, [...parameters])).rows as Record<string, unknown>[];
}

/** A runner on a pool of its own (a PostgreSQL URL) or on the PGlite handle's executor; close ends the pool. */
export function openSqlRunner(source: string | SqlExecutor): { runSql: RunSql; close(): Promise<void> } {
  if (typeof source !== 'string') return { runSql: sqlRunnerOf(source), close: async () => {} };
  const pool = openPool(source);
  return { runSql: sqlRunnerOf(pool), close: () => pool.end() };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Sort Method'?: string;
  'Rows Removed by Filter'?: number;
  'Heap Fetches'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** Tables big enough that a sequential scan or a sort over them is a regression worth shouting about. */
const BIG_TABLES = new Set([
  'product_transactions',
  'investment_transactions',
  'clients',
  'products',
  'investments',
]);

/** EXPLAIN (ANALYZE, BUFFERS) of each statement once: node types, rows, buffers, time, and warnings. */
export async function explain(runSql: RunSql, statements: readonly Statement[]): Promise<string[]> {
  const lines: string[] = [];
  for (const [index, statement] of statements.entries()) {
    const rows = await runSql(
      `explain (analyze, buffers, format json) ${statement.sql}`,
      statement.parameters,
    );
    const plans = rows[0]?.['QUERY PLAN'] as
      | [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }]
      | undefined;
    if (!plans) throw new Error(`EXPLAIN gave no plan for statement ${index + 1}`);
    const [root] = plans;
    const nodes: string[] = [];
    const warnings: string[] = [];
    const walk = (node: PlanNode, depth: number) => {
      const target = node['Index Name'] ?? node['Relation Name'];
      const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
      const removed = (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1);
      const notes = [`${rows} rows`];
      if (removed > 0) notes.push(`${removed} removed by filter`);
      if (node['Heap Fetches']) notes.push(`${node['Heap Fetches']} heap fetches`);
      nodes.push(
        `${'  '.repeat(depth)}${node['Node Type']}${target ? ` on ${target}` : ''} (${notes.join(', ')})`,
      );
      if (
        node['Node Type'] === 'Seq Scan' &&
        node['Relation Name'] &&
        BIG_TABLES.has(node['Relation Name'])
      ) {
        warnings.push(`sequential scan of ${node['Relation Name']}`);
      }
      if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') {
        const input = node.Plans?.[0];
        const inputRows = input ? (input['Actual Rows'] ?? 0) * (input['Actual Loops'] ?? 1) : 0;
        if (inputRows > 1000) warnings.push(`sort over ${inputRows} rows (${node['Sort Method'] ?? '?'})`);
      }
      for (const child of node.Plans ?? []) walk(child, depth + 1);
    };
    walk(root.Plan, 0);
    const buffers = `${root.Plan['Shared Hit Blocks'] ?? 0} hit, ${root.Plan['Shared Read Blocks'] ?? 0} read`;
    lines.push(
      `  statement ${index + 1}: execution ${root['Execution Time'].toFixed(2)} ms, planning ${root['Planning Time'].toFixed(2)} ms, buffers ${buffers}`,
    );
    for (const node of nodes) lines.push(`    ${node}`);
    for (const warning of warnings) lines.push(`    ! ${warning}`);
  }
  return lines;
}
