// How much does the full call path (token check, session row, actor, contract validation) cost over a
// bare Fastify route? Runs in one process against 127.0.0.1 and stops by itself.
import { openDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/features/seed/seed';
import { CONNECTIONS, DURATION_SECONDS, measureCall, signIn, startApi, WARM_UP_SECONDS } from './lib/api';

const databaseUrl = process.env.DATABASE_URL;
const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: null });
await migrate(handle.db);
await seedDemo(handle.db, { memoryCost: 1024, timeCost: 1 });

const api = await startApi(handle.db, {
  registerExtra: (instance) => {
    instance.post('/bench/bare', async () => ({ ok: true }));
  },
});
const token = await signIn(api.base, { company: 'Demo Wealth', username: 'demo', password: DEMO_PASSWORD });

async function measure(path: string) {
  return { path, ...(await measureCall(api.base, token, path, {})) };
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
  await api.close();
  await handle.close();
}
