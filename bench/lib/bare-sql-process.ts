// The list floor on PostgreSQL, in a process of its own: node-postgres and jose, nothing of the API
// loaded, so the figure is what the work one answer needs costs, not what the measuring process adds
// (floor-loop.ts: one request, and the loop). Reads { databaseUrl, token, secret, idleMinutes, session,
// groups, connections, warmUpSeconds, seconds } as JSON on stdin, prints a Measurement.
import pg from 'pg';
import { type FloorInput, measureFloor } from './floor-loop';
import { queryPrepared } from './prepared-query';

let text = '';
for await (const chunk of process.stdin) text += chunk;
const input = JSON.parse(text) as FloorInput & { databaseUrl: string };
const pool = new pg.Pool({ connectionString: input.databaseUrl, max: input.connections });
const measured = await measureFloor(
  async (sql, parameters) => (await queryPrepared(pool, sql, parameters)).rows,
  input,
);
await pool.end();
process.stdout.write(JSON.stringify(measured));
