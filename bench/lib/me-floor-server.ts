// The floor of a signed-in call, as a minimal HTTP server: Fastify with no hooks, jose verifying the
// API's token (same secret, algorithm, issuer, audience and required claims as
// apps/api/src/shared/auth/access-token.ts) and the session join the guard runs, then a small answer.
// Nothing of the API is imported, so none of its hooks, contract checks or logging is paid here.
//
// As a child process (PostgreSQL): reads { databaseUrl, secret, sessionSql, idleMinutes } as JSON on stdin, opens
// a node-postgres Pool (max 10, like the API's), listens on 127.0.0.1, prints { port } and runs until
// stdin's parent kills it. On PGlite (one process owns the database) `startMeFloor` is called in-process
// with a function that runs the statement on the API's own handle.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { createFloorGuard } from './floor-guard';
import { queryPrepared } from './prepared-query';

export type RunSql = (sql: string, parameters: unknown[]) => Promise<Record<string, unknown>[]>;

export async function startMeFloor(options: {
  secret: string;
  sessionSql: string;
  idleMinutes: number;
  runSql: RunSql;
}): Promise<{ base: string; close(): Promise<void> }> {
  // The key imported once, as the API does (access-token.ts): the floor is what a careful minimal server costs.
  const guard = await createFloorGuard(options);
  const app = Fastify({ logger: false });
  app.post('/bench/bare', async (request, reply) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const claims = await guard.verify(token);
    if (!claims) return reply.code(401).send({ error: 'token' });
    const [session] = await options.runSql(options.sessionSql, [String(claims.sid)]);
    if (!session || !guard.isAlive(session, claims)) return reply.code(401).send({ error: 'session' });
    return {
      user: { id: session.userId, username: session.username, name: session.name, email: session.email },
      company: { id: session.companyId, name: session.companyName },
    };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: () => app.close(),
  };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').slice(-2).join('/'));
if (isMain) {
  const pg = (await import('pg')).default;
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  const input = JSON.parse(text) as {
    databaseUrl: string;
    secret: string;
    sessionSql: string;
    idleMinutes: number;
  };
  const pool = new pg.Pool({ connectionString: input.databaseUrl, max: 10 });
  const floor = await startMeFloor({
    secret: input.secret,
    sessionSql: input.sessionSql,
    idleMinutes: input.idleMinutes,
    runSql: async (sql, parameters) => (await queryPrepared(pool, sql, parameters)).rows,
  });
  process.stdout.write(`${JSON.stringify({ base: floor.base })}\n`);
  process.on('SIGTERM', () => {
    void floor.close().then(() => pool.end().then(() => process.exit(0)));
  });
}
