// How much does the full call path (token check, session row, actor, contract validation) cost over a
// bare Fastify route? Runs in one process against 127.0.0.1 and stops by itself.
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/features/seed/seed';
import { createLogger } from '../apps/api/src/shared/logger';

const CONNECTIONS = 10;
const WARM_UP_SECONDS = 1;
const DURATION_SECONDS = 5;

const config = { ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'true' }), webRoot: '' };
const databaseUrl = process.env.DATABASE_URL;
const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: null });
await migrate(handle.db);
await seedDemo(handle.db, { memoryCost: 1024, timeCost: 1 });

const app = await buildApp({
  config,
  db: handle.db,
  logger: createLogger('silent'),
  webRoot: null,
  registerExtra: (instance) => {
    instance.post('/bench/bare', async () => ({ ok: true }));
  },
});
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const loginResponse = await fetch(`${base}/auth/v0/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ company: 'Demo Wealth', username: 'demo', password: DEMO_PASSWORD }),
});
const { access_token: token } = (await loginResponse.json()) as { access_token: string };

async function measure(path: string) {
  const options = {
    url: `${base}${path}`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
    connections: CONNECTIONS,
  };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { path, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

try {
  const me = await measure('/platform/me');
  const bare = await measure('/bench/bare');
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each after ${WARM_UP_SECONDS} s warm-up, ${database}\n`,
  );
  console.log(
    ['route'.padEnd(16), 'req/s'.padStart(10), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8)].join(' '),
  );
  for (const row of [me, bare]) {
    console.log(
      [
        row.path.padEnd(16),
        row.rps.toFixed(0).padStart(10),
        String(row.p50).padStart(8),
        String(row.p99).padStart(8),
      ].join(' '),
    );
  }
  console.log(
    `\n/platform/me serves ${((me.rps / bare.rps) * 100).toFixed(1)} % of the bare route's throughput`,
  );
  console.log(`(bare / me = ${(bare.rps / me.rps).toFixed(2)}×)\n`);
} finally {
  await app.close();
  await handle.close();
}
