// What does the audit log cost a change? `client-edit` as served (its event inserted in the same
// transaction, sent with the COMMIT, no lock; the old values read by the update itself; the chain built
// after the commit by the sealer running in the same process, as the jobs side does: decision 0049)
// against the same
// handler mounted without its `audit` declaration, on the same server and database, in the same run.
// 20 concurrent writers, each editing its own client: all in one company (they queue on that company's
// company), then in twenty companies (one writer each). Many short rounds alternate
// the two routes, each pair in the other order than the last, so load from elsewhere on a shared
// machine falls on both alike; besides the pooled percentiles, the median of the pairs' p50 ratios is
// printed (it is what a burst of outside load moves least), and the CPU each edit cost the API process
// (sealer included) and the PostgreSQL processes. PostgreSQL only (the claim is about it).
//
//   DATABASE_URL=postgres://… npx tsx bench/audit-overhead.ts      (ROUNDS=12, REQUESTS=10 per writer)
//   SEALER=off: the write path alone (events left unsealed), to split its cost from the sealer's.

import { fork } from 'node:child_process';
import { join } from 'node:path';
import { wealth } from '@caudal/contract';
import { openDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { createCompany, createUser } from '../apps/api/src/features/seed/factories';
import { createClient } from '../apps/api/src/features/seed/wealth-factories';
import { registerClientEdit } from '../apps/api/src/features/wealth/client-edit';
import { startAuditSealer } from '../apps/api/src/shared/audit/audit-sealer';
import { signIn, startApi } from './lib/api';
import { postgresCpuMs as postgresCpuMsOf } from './lib/cpu-account';
import { profiled } from './lib/cpu-profile';
import { writeResult } from './lib/results';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL: this benchmark measures PostgreSQL');
// The figure is 20; fewer (`WRITERS=4`) shows the event's cost where the CPU is not the queue.
const WRITERS = Number(process.env.WRITERS ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 12);
const REQUESTS = Number(process.env.REQUESTS ?? 10);
const UNAUDITED = '/bench/client-edit-unaudited';

const handle = await openDatabase({ databaseUrl });
await migrate(handle.db);
const api = await startApi(handle.db, {
  registerExtra: (instance) =>
    registerClientEdit(instance, { ...wealth.clientEdit, path: UNAUDITED, audit: undefined }),
});

// The sealer as the jobs side runs it in production: in the API's process, woken after each commit.
const sealer =
  process.env.SEALER === 'off'
    ? null
    : startAuditSealer({
        db: handle.db,
        log: { warn: (...args: unknown[]) => console.warn(...args) },
      });

const databaseName = new URL(databaseUrl).pathname.slice(1);

// The writers run in a process of their own (bench/lib/edit-writers-process.ts): their HTTP client's
// CPU and promises are not the API's.
const writersProcess = fork(join(import.meta.dirname, 'lib/edit-writers-process.ts'), [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});

/** This benchmark's database's PostgreSQL CPU: on a shared server, other databases are someone else's load. */
const postgresCpuMs = () => postgresCpuMsOf({ database: databaseName });

function apiCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

interface Writer {
  token: string;
  clientId: string;
}

/** One company per writer, or one company for all: a signed-in admin and a client of their own each. */
async function prepareWriters(companies: number): Promise<Writer[]> {
  const tenants = [];
  for (let index = 0; index < companies; index++) {
    const company = await createCompany(handle.db);
    const { user, password } = await createUser(handle.db, { companyId: company.id });
    const token = await signIn(api.base, { company: company.name, username: user.username, password });
    tenants.push({ companyId: company.id, token });
  }
  const writers: Writer[] = [];
  for (let index = 0; index < WRITERS; index++) {
    const tenant = tenants[index % companies] as { companyId: string; token: string };
    const client = await createClient(handle.db, { companyId: tenant.companyId });
    writers.push({ token: tenant.token, clientId: client.id });
  }
  return writers;
}

/** One round: every writer edits its own client REQUESTS times, through the writers' own process. */
function runWriters(writers: Writer[], path: string): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const onMessage = (answer: { latencies?: number[]; error?: string }) => {
      writersProcess.off('exit', onExit);
      if (answer.latencies) resolve(answer.latencies);
      else reject(new Error(answer.error ?? 'the writers answered nothing'));
    };
    const onExit = (code: number | null) => reject(new Error(`the writers' process exited ${code}`));
    writersProcess.once('message', onMessage);
    writersProcess.once('exit', onExit);
    writersProcess.send({ base: api.base, path, writers, requests: REQUESTS });
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function summarise(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { requests: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

const results: Record<string, unknown> = {};
try {
  for (const [scenario, companies] of [
    ['one company', 1],
    [WRITERS === 20 ? 'twenty companies' : `${WRITERS} companies`, WRITERS],
  ] as const) {
    const writers = await prepareWriters(companies);
    await runWriters(writers, wealth.clientEdit.path); // warm-up (connections, plans, JIT)
    await runWriters(writers, UNAUDITED);
    const audited: number[] = [];
    const bare: number[] = [];
    const pairRatios: number[] = [];
    const cpu = { true: { api: 0, db: 0 }, false: { api: 0, db: 0 } };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [true, false] : [false, true];
      const pair: Record<string, number[]> = {};
      for (const isAudited of order) {
        const [api0, db0] = [apiCpuMs(), postgresCpuMs()];
        const side = isAudited ? 'event' : 'bare';
        const latencies = await profiled(`audit-${companies}-${side}-${round}`, async () => {
          const measured = await runWriters(writers, isAudited ? wealth.clientEdit.path : UNAUDITED);
          // The audited round's sealing belongs to it: wait for the sealer to finish what it woke for.
          if (isAudited) await sealer?.wake();
          return measured;
        });
        cpu[String(isAudited) as 'true' | 'false'].api += apiCpuMs() - api0;
        cpu[String(isAudited) as 'true' | 'false'].db += postgresCpuMs() - db0;
        (isAudited ? audited : bare).push(...latencies);
        pair[String(isAudited)] = latencies;
      }
      pairRatios.push(summarise(pair.true ?? []).p50 / summarise(pair.false ?? []).p50);
    }
    const withEvent = summarise(audited);
    const without = summarise(bare);
    const overhead = {
      p50: withEvent.p50 / without.p50 - 1,
      p99: withEvent.p99 / without.p99 - 1,
      medianPairP50:
        percentile(
          [...pairRatios].sort((a, b) => a - b),
          50,
        ) - 1,
    };
    const edits = ROUNDS * WRITERS * REQUESTS;
    const cpuPerEdit = {
      withEvent: { api: cpu.true.api / edits, db: cpu.true.db / edits },
      without: { api: cpu.false.api / edits, db: cpu.false.db / edits },
    };
    results[scenario] = { withEvent, without, overhead, pairRatios, cpuPerEdit };
    console.log(`\n${scenario}: ${WRITERS} concurrent writers, ${ROUNDS} rounds × ${REQUESTS} edits each`);
    console.log(
      ['route'.padEnd(22), 'edits'.padStart(7), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8)].join(' '),
    );
    for (const [name, row] of [
      ['client-edit + event', withEvent],
      ['client-edit, no event', without],
    ] as const) {
      console.log(
        [
          name.padEnd(22),
          String(row.requests).padStart(7),
          row.p50.toFixed(1).padStart(8),
          row.p99.toFixed(1).padStart(8),
        ].join(' '),
      );
    }
    console.log(
      `overhead: p50 ${(overhead.p50 * 100).toFixed(1)} %, p99 ${(overhead.p99 * 100).toFixed(1)} %, ` +
        `median of ${ROUNDS} pairs' p50 ${(overhead.medianPairP50 * 100).toFixed(1)} % (target ≤ 10 % at p50)`,
    );
    console.log(
      `CPU per edit, with → without the event: API ${cpuPerEdit.withEvent.api.toFixed(2)} → ` +
        `${cpuPerEdit.without.api.toFixed(2)} ms, PostgreSQL ${cpuPerEdit.withEvent.db.toFixed(2)} → ` +
        `${cpuPerEdit.without.db.toFixed(2)} ms`,
    );
  }
  writeResult(WRITERS === 20 ? 'audit-overhead' : `audit-overhead-${WRITERS}-writers`, results);
} finally {
  writersProcess.disconnect();
  await sealer?.stop();
  await api.close();
  await handle.close();
}
