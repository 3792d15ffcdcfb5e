// Claim: webhooks are delivered at least once, promptly, by whichever instance is alive. Two real API
// servers (apps/api/src/main.ts, jobs on) share a fresh PostgreSQL database; one endpoint of the demo
// company points at a receiver in this process. This process commits 10,000 events into the outbox
// (as a third instance would: `emitEvent`, whose NOTIFY wakes both servers' dispatchers), paced in small
// transactions; halfway through, the second server is SIGKILLed. /health of both is probed every 50 ms.
// Printed: deliveries per second, p50/p99 from the event's time to its first arrival, events never
// delivered (must be 0), duplicates by webhook-id (counted, allowed: at-least-once), /health p99.
// Loopback only, bounded (emission ~40 s, then at most DRAIN_SECONDS); both children stopped at the end.
//
//   npm run bench:webhooks-delivery -w @caudal/bench     # DATABASE_URL's server, default postgres@127.0.0.1
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { applications, webhooks } from '@caudal/contract';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/database';
import { DEMO_PASSWORD } from '../apps/api/src/features/seed/seed';
import { emitEvent } from '../apps/api/src/shared/events/emit-event';
import { signIn } from './lib/api';
import { writeResult } from './lib/results';

const EVENTS = Number(process.env.WEBHOOK_EVENTS ?? 10_000);
/** Events per transaction, and the pause between transactions: 250 events/s. */
const BATCH = 25;
const BATCH_EVERY_MS = 100;
/** After the last event: time for the survivor to take over the killed one's leased deliveries. */
const DRAIN_SECONDS = Number(process.env.WEBHOOK_DRAIN_SECONDS ?? 240);
const PORTS = [Number(process.env.PORT ?? 3451), Number(process.env.PORT ?? 3451) + 1];
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.WEBHOOKS_DATABASE ?? 'caudal_bench_webhooks';
const MAIN = fileURLToPath(new URL('../apps/api/src/main.ts', import.meta.url));

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sqlText: string) {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

function startServer(port: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl(DATABASE),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk) => process.stderr.write(`[${port}] ${chunk}`));
  return child;
}

async function waitUntilReady(child: ChildProcess, port: number) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server ${port} did not become ready`);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

// The receiver: first arrival per webhook-id (with the event's own time from the body), and repeats.
const firstArrival = new Map<string, { at: number; eventAt: number }>();
let requests = 0;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const at = Date.now();
    requests += 1;
    const id = String(request.headers['webhook-id'] ?? '');
    if (!firstArrival.has(id)) {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
      firstArrival.set(id, { at, eventAt: new Date(body.timestamp).getTime() });
    }
    response.statusCode = 204;
    response.end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

await admin(`drop database if exists ${DATABASE} with (force)`);
await admin(`create database ${DATABASE}`);
console.log(`load before the servers start: ${load()}`);
const [first, second] = PORTS as [number, number];
const servers = new Map<number, ChildProcess>();
// One at a time: the first migrates and seeds the demo, the second finds it done.
servers.set(first, startServer(first));
await waitUntilReady(servers.get(first) as ChildProcess, first);
servers.set(second, startServer(second));
await waitUntilReady(servers.get(second) as ChildProcess, second);
const handle = await openDatabase({ databaseUrl: databaseUrl(DATABASE) });

try {
  const base = `http://127.0.0.1:${first}`;
  const token = await signIn(base, { company: 'Demo Wealth', username: 'demo', password: DEMO_PASSWORD });
  const call = async (path: string, body: object) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const application = (await call(applications.createApplication.path, {
    name: `Bench ${Date.now().toString(36)}`,
  })) as { client_id: string };
  await call(webhooks.createEndpoint.path, {
    client_id: application.client_id,
    url: receiverUrl,
    event_types: ['link.code_issued'],
  });
  const company = await handle.db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', 'Demo Wealth')
    .executeTakeFirstOrThrow();

  // /health of both servers every 50 ms, each probe's time kept per server.
  const health = new Map<number, number[]>(PORTS.map((port) => [port, []]));
  let isProbing = true;
  const probes = PORTS.map(async (port) => {
    while (isProbing) {
      const child = servers.get(port);
      if (child && child.exitCode === null && child.signalCode === null) {
        const begin = performance.now();
        try {
          await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(5_000) });
          health.get(port)?.push(performance.now() - begin);
        } catch {
          // The killed server: no more samples.
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  console.log(
    `\n${EVENTS} events (${BATCH} per transaction every ${BATCH_EVERY_MS} ms) → ${receiverUrl}; two servers; load ${load()}`,
  );
  const started = Date.now();
  const emitted: string[] = [];
  let killedAt: number | null = null;
  let loadAtKill = '';
  while (emitted.length < EVENTS) {
    const tick = Date.now();
    const count = Math.min(BATCH, EVENTS - emitted.length);
    const ids = await handle.db.transaction().execute(async (trx) => {
      const written: string[] = [];
      for (let n = 0; n < count; n += 1) {
        written.push(
          await emitEvent(
            trx,
            {
              companyId: company.id,
              type: 'link.code_issued',
              data: { link_token: 'bench', credentials_token: `bench-${emitted.length + n}`, expires_at: '' },
            },
            new Date(),
          ),
        );
      }
      return written;
    });
    emitted.push(...ids);
    if (killedAt === null && emitted.length >= EVENTS / 2) {
      servers.get(second)?.kill('SIGKILL');
      killedAt = Date.now();
      loadAtKill = load();
      console.log(
        `SIGKILL to the server on :${second} after ${emitted.length} events (${((killedAt - started) / 1000).toFixed(1)} s), ${firstArrival.size} delivered so far; load ${loadAtKill}`,
      );
    }
    const wait = BATCH_EVERY_MS - (Date.now() - tick);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const emittedAt = Date.now();
  console.log(`all emitted in ${((emittedAt - started) / 1000).toFixed(1)} s; load ${load()}`);

  const wanted = new Set(emitted);
  const deliveredCount = () => emitted.filter((id) => firstArrival.has(id)).length;
  let lastReport = Date.now();
  while (deliveredCount() < EVENTS && Date.now() - emittedAt < DRAIN_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (Date.now() - lastReport > 10_000) {
      console.log(`  … ${deliveredCount()} of ${EVENTS} delivered; load ${load()}`);
      lastReport = Date.now();
    }
  }
  isProbing = false;
  await Promise.all(probes);

  const arrivals = emitted.flatMap((id) => {
    const arrival = firstArrival.get(id);
    return arrival ? [arrival] : [];
  });
  const latencies = arrivals.map((arrival) => arrival.at - arrival.eventAt);
  const lastAt = Math.max(...arrivals.map((arrival) => arrival.at));
  const beforeKill = arrivals.filter((arrival) => killedAt !== null && arrival.eventAt < killedAt);
  const afterKill = arrivals.filter((arrival) => killedAt !== null && arrival.eventAt >= killedAt);
  const never = EVENTS - arrivals.length;
  const duplicates = requests - firstArrival.size;
  const strangers = [...firstArrival.keys()].filter((id) => !wanted.has(id)).length;
  const statuses = await handle.db
    .withTables<{ webhook_deliveries: { status: string } }>()
    .selectFrom('webhook_deliveries')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();

  const rows = {
    events: EVENTS,
    delivered: arrivals.length,
    neverDelivered: never,
    duplicates,
    unexpectedIds: strangers,
    seconds: (lastAt - started) / 1000,
    deliveriesPerSecond: arrivals.length / ((lastAt - started) / 1000),
    latencyMs: {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
    },
    latencyBeforeKillMs: {
      p50: percentile(
        beforeKill.map((a) => a.at - a.eventAt),
        50,
      ),
      p99: percentile(
        beforeKill.map((a) => a.at - a.eventAt),
        99,
      ),
    },
    latencyAfterKillMs: {
      p50: percentile(
        afterKill.map((a) => a.at - a.eventAt),
        50,
      ),
      p99: percentile(
        afterKill.map((a) => a.at - a.eventAt),
        99,
      ),
    },
    healthP99Ms: Object.fromEntries(
      PORTS.map((port) => [
        port,
        { p99: percentile(health.get(port) ?? [], 99), probes: health.get(port)?.length },
      ]),
    ),
    deliveryRows: Object.fromEntries(statuses.map((row) => [row.status, Number(row.n)])),
    loadAtKill,
    loadAtEnd: load(),
  };
  console.log('');
  console.log(`events                      ${EVENTS}`);
  console.log(`delivered (unique ids)      ${arrivals.length} in ${rows.seconds.toFixed(1)} s`);
  console.log(`deliveries per second       ${rows.deliveriesPerSecond.toFixed(1)}`);
  console.log(
    `event → delivery            p50 ${rows.latencyMs.p50} ms, p99 ${rows.latencyMs.p99} ms, max ${rows.latencyMs.max} ms`,
  );
  console.log(
    `  events before the kill    p50 ${rows.latencyBeforeKillMs.p50} ms, p99 ${rows.latencyBeforeKillMs.p99} ms`,
  );
  console.log(
    `  events after the kill     p50 ${rows.latencyAfterKillMs.p50} ms, p99 ${rows.latencyAfterKillMs.p99} ms`,
  );
  console.log(`never delivered             ${never}${never === 0 ? '' : '   ← MUST BE 0'}`);
  console.log(`duplicates by webhook-id    ${duplicates}`);
  console.log(`ids not emitted here        ${strangers}`);
  console.log(`delivery rows               ${JSON.stringify(rows.deliveryRows)}`);
  for (const port of PORTS) {
    const samples = health.get(port) ?? [];
    console.log(
      `/health :${port}${port === second ? ' (killed)' : '         '}   p99 ${percentile(samples, 99).toFixed(1)} ms over ${samples.length} probes`,
    );
  }
  console.log(`load average at the kill ${loadAtKill}; at the end ${rows.loadAtEnd}`);
  writeResult('webhooks-delivery', rows);
} finally {
  await handle.close();
  for (const child of servers.values())
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  receiver.close();
}
