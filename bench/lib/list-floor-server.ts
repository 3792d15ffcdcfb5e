// A second, informative floor for the list benchmarks (HTTP_FLOOR=1): the list floor's work behind a
// minimal HTTP server, so the share of a list call that is the HTTP exchange itself (parse, answer,
// socket writes, the load generator's read, all on the same cores) can be told from the API's own
// machinery. Fastify with no hooks and no logger; per request the token checked as the guard does
// (floor-guard.ts), the guard's session join and its row checks, the call's statement groups (a group's
// statements concurrently), and the rows of the last group answered as JSON (JSON.stringify, what a
// careful minimal server does). The issue's floor stays the SQL-only one (bare-sql-process.ts).
//
// A child process: reads { databaseUrl, token, secret, idleMinutes, session, groups } as JSON on stdin,
// opens a node-postgres Pool (max 10, like the API's), listens on 127.0.0.1, prints { base } and runs
// until killed (SIGTERM).
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { createFloorGuard } from './floor-guard';
import { queryPrepared } from './prepared-query';

interface Statement {
  sql: string;
  parameters: unknown[];
}

let text = '';
for await (const chunk of process.stdin) text += chunk;
const input = JSON.parse(text) as {
  databaseUrl: string;
  secret: string;
  idleMinutes: number;
  session: Statement;
  groups: Statement[][];
};
const pool = new pg.Pool({ connectionString: input.databaseUrl, max: 10 });
const guard = await createFloorGuard(input);
const app = Fastify({ logger: false });
app.post('/bench/list', async (request, reply) => {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const claims = await guard.verify(token);
  if (!claims) return reply.code(401).send({ error: 'token' });
  const { rows } = await queryPrepared(pool, input.session.sql, [String(claims.sid)]);
  if (!guard.isAlive(rows[0], claims)) return reply.code(401).send({ error: 'session' });
  let results: pg.QueryResult[] = [];
  for (const group of input.groups) {
    results = await Promise.all(
      group.map((statement) => queryPrepared(pool, statement.sql, statement.parameters)),
    );
  }
  return results.map((result) => result.rows);
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(
  `${JSON.stringify({ base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` })}\n`,
);
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
