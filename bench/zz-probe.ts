import { connections, platform, summary } from '@caudal/contract';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/database';
import { signIn, startApi } from './lib/api';
import { BENCH_COMPANY, BENCH_PASSWORD, BENCH_USERNAME } from './lib/tenant';
const url = 'postgres://postgres@127.0.0.1:5432/caudal_bench_perf';
const handle = await openDatabase({ databaseUrl: url });
const api = await startApi(handle.db);
const token = await signIn(api.base, { company: BENCH_COMPANY, username: BENCH_USERNAME, password: BENCH_PASSWORD });
async function time(path: string, body: unknown, n = 30) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const r = await fetch(api.base + path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const text = await r.text();
    bytes = text.length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(path, JSON.stringify(body), 'p50', times[n >> 1]?.toFixed(1), 'min', times[0]?.toFixed(1), 'bytes', bytes);
}
for (let k = 0; k < 2; k++) {
  await time(platform.me.path, {});
  await time(connections.getCredentialsInformation.path, { consent: 'expiring' });
  await time(connections.getCredentialsInformation.path, { bank: 'inversis' }, 10);
  await time(summary.getSummary.path, {});
}
await api.close(); await handle.close();
