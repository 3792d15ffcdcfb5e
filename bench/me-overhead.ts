// What does the guard cost? `/platform/me` (token check, session row, actor, contract validation, the
// handler) against a bare Fastify route on the same server that does the unavoidable part by hand:
// verifies the same JWT and runs the same session join, then answers. Both at LOG_LEVEL=info (log lines
// go to /dev/null), same process, same database, same run. Runs against 127.0.0.1 and stops by itself.
//
//   npm run me-overhead -w @caudal/bench                         # in-memory PGlite
//   DATABASE_URL=postgres://… npm run me-overhead -w @caudal/bench   # PostgreSQL (seeds the demo if empty)

import { openDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/features/seed/seed';
import { verifyAccessToken } from '../apps/api/src/shared/auth/access-token';
import { findSessionWithUser } from '../apps/api/src/shared/auth/session-store';
import { CONNECTIONS, DURATION_SECONDS, measureCall, signIn, startApi, WARM_UP_SECONDS } from './lib/api';
import { writeResult } from './lib/results';

const databaseUrl = process.env.DATABASE_URL;
const logLevel = process.env.LOG_LEVEL ?? 'info';
const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: null });
await migrate(handle.db);
await seedDemo(handle.db, { memoryCost: 1024, timeCost: 1 });

const api = await startApi(handle.db, {
  logLevel,
  registerExtra: (instance) => {
    // The floor: what any authenticated call must do, with no guard, no contract and no actor.
    instance.post('/bench/bare', async (request, reply) => {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const check = await verifyAccessToken(token, instance.deps.tokenSecret, new Date());
      if (!check.ok) return reply.code(401).send({ error: 'token' });
      const session = await findSessionWithUser(instance.deps.db, check.claims.sessionId);
      if (!session) return reply.code(401).send({ error: 'session' });
      return { user: { id: session.userId, username: session.username }, company: session.companyName };
    });
  },
});
const token = await signIn(api.base, { company: 'Demo Wealth', username: 'demo', password: DEMO_PASSWORD });

async function measure(path: string) {
  return { path, ...(await measureCall(api.base, token, path, {})) };
}

try {
  // Alternated, so a burst of load from elsewhere on the machine does not land on one route only.
  const rounds = Number(process.env.ROUNDS ?? 2);
  const me: Awaited<ReturnType<typeof measure>>[] = [];
  const bare: Awaited<ReturnType<typeof measure>>[] = [];
  for (let round = 0; round < rounds; round++) {
    me.push(await measure('/platform/me'));
    bare.push(await measure('/bench/bare'));
  }
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each after ${WARM_UP_SECONDS} s warm-up, ${rounds} alternating rounds, ${database}, LOG_LEVEL=${logLevel}\n`,
  );
  console.log(
    ['route'.padEnd(16), 'req/s'.padStart(10), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8)].join(' '),
  );
  for (const row of [...me, ...bare]) {
    console.log(
      [
        row.path.padEnd(16),
        row.rps.toFixed(0).padStart(10),
        String(row.p50).padStart(8),
        String(row.p99).padStart(8),
      ].join(' '),
    );
  }
  const total = (rows: { total: number }[]) => rows.reduce((sum, row) => sum + row.total, 0);
  console.log(
    `\n/platform/me serves ${(total(me) / total(bare)).toFixed(2)}× the bare route's throughput (JWT + session join)\n`,
  );
  writeResult('me-overhead', { database, me, bare, ratio: total(me) / total(bare) });
} finally {
  await api.close();
  await handle.close();
}
