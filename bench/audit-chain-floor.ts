// The floor of the audit log's write, in the database alone: what does the event cost 20 concurrent
// writers, with no API around it? 20 connections, each editing its own client in a transaction shaped
// as `client-edit` sends it (begin; update; commit), then the same with the event (its row and its
// sealer's marker, decision 0049) either sent in the COMMIT's message as a prepared `EXECUTE`
// (db/sent-with-commit.ts, how the API appends it) or carried by the update's own statement
// (an experiment the API does not use: bench/README.md), the writers in twenty companies and then
// all in one.
// No lock is taken. Rounds rotate the variants, each in turn first. The chain is built afterwards by
// the sealer (not run here: bench/audit-overhead.ts runs it in the API process, as production does).
// Every statement is prepared, as the API's are (decision 0060). PostgreSQL only.
//
//   DATABASE_URL=postgres://… npx tsx bench/audit-chain-floor.ts      (ROUNDS=8, REQUESTS=25 per writer)

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { createCompany } from '../apps/api/src/features/seed/factories';
import { createClient } from '../apps/api/src/features/seed/wealth-factories';
import { writeResult } from './lib/results';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL: this benchmark measures PostgreSQL');
const WRITERS = 20;
const ROUNDS = Number(process.env.ROUNDS ?? 8);
const REQUESTS = Number(process.env.REQUESTS ?? 25);

const EVENT_COLUMNS = `company_id, occurred_at, kind, action, actor_kind, actor_id, actor_name,
  target_client_id, target_credential_id, target_link_id, target_application_id, target_user_id,
  ip, user_agent, request_id, changes`;
/** The event's values ($1 company, $2 client, $3 request id), as the API sends them. */
const EVENT_VALUES = `$1::uuid, now(), 'change', 'client-edit', 'staff', 'bench', 'bench', $2::uuid, null, null,
  null, null, '127.0.0.1', 'audit-chain-floor', $3::text, '{"name":{"old":"a","new":"b"}}'::jsonb`;
/** The append as shared/audit/append-audit-event.ts sends it with the COMMIT. */
const APPEND = `with event as (insert into audit_events (${EVENT_COLUMNS}) values (${EVENT_VALUES}) returning position)
  insert into audit_unsealed (position, company_key) select position, $1::text from event`;
const UPDATE =
  'update clients set name = $4, updated_at = now() where id = $2 and company_id = $5 returning id';
/** The update carrying the event in CTEs of its own statement (the experiment). */
const CARRYING = `with caudal_write as (${UPDATE}),
  caudal_event as (insert into audit_events (${EVENT_COLUMNS}) select ${EVENT_VALUES}
    where exists (select 1 from caudal_write) returning position),
  caudal_marker as (insert into audit_unsealed (position, company_key) select position, $1::text from caudal_event)
  select * from caudal_write`;

const handle = await openDatabase({ databaseUrl });
await migrate(handle.db);
const company = await createCompany(handle.db);
const clients: { id: string }[] = [];
for (let index = 0; index < WRITERS; index++)
  clients.push(await createClient(handle.db, { companyId: company.id }));
await handle.close();

const connections = await Promise.all(
  clients.map(async () => {
    const connection = new pg.Client({ connectionString: databaseUrl, options: '-c jit=off' });
    await connection.connect();
    await connection.query(`prepare caudal_append(uuid, uuid, text) as ${APPEND}`);
    return connection;
  }),
);

type Variant =
  | 'no event'
  | 'event with the COMMIT, twenty companies'
  | 'event in the update, twenty companies'
  | 'event in the update, one company';
const VARIANTS: Variant[] = [
  'no event',
  'event with the COMMIT, twenty companies',
  'event in the update, twenty companies',
  'event in the update, one company',
];
// Companies of their own (fake ids), so their events never meet a real company's.
const oneCompany = randomUUID();
const ownCompanies = clients.map(() => randomUUID());

async function runVariant(variant: Variant): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    connections.map(async (connection, index) => {
      const client = clients[index] as { id: string };
      const eventCompany = variant.endsWith('one company') ? oneCompany : (ownCompanies[index] as string);
      for (let request = 0; request < REQUESTS; request++) {
        const name = `Cliente ${index} ${request}`;
        const started = performance.now();
        await connection.query('begin');
        if (variant.startsWith('event in the update')) {
          await connection.query({
            name: 'carrying',
            text: CARRYING,
            values: [eventCompany, client.id, `r${request}`, name, company.id],
          });
          await connection.query('commit');
        } else {
          await connection.query({
            name: 'update',
            text: 'update clients set name = $1, updated_at = now() where id = $2 and company_id = $3 returning id',
            values: [name, client.id, company.id],
          });
          await connection.query(
            variant === 'no event'
              ? 'commit'
              : `execute caudal_append('${eventCompany}', '${client.id}', 'r${request}');commit`,
          );
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const pooled = Object.fromEntries(VARIANTS.map((variant) => [variant, [] as number[]])) as Record<
  Variant,
  number[]
>;
try {
  for (const variant of VARIANTS) await runVariant(variant); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    const order = [...VARIANTS.slice(round % VARIANTS.length), ...VARIANTS.slice(0, round % VARIANTS.length)];
    for (const variant of order) pooled[variant].push(...(await runVariant(variant)));
  }
  const results: Record<string, { transactions: number; p50: number; p99: number }> = {};
  console.log(`\n${WRITERS} connections, ${ROUNDS} rounds × ${REQUESTS} transactions each`);
  console.log(
    ['transaction'.padEnd(40), 'count'.padStart(6), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8)].join(' '),
  );
  for (const variant of VARIANTS) {
    const sorted = [...pooled[variant]].sort((a, b) => a - b);
    const row = { transactions: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    results[variant] = row;
    console.log(
      [
        variant.padEnd(40),
        String(row.transactions).padStart(6),
        row.p50.toFixed(1).padStart(8),
        row.p99.toFixed(1).padStart(8),
      ].join(' '),
    );
  }
  writeResult('audit-chain-floor', results);
} finally {
  await Promise.all(connections.map((connection) => connection.end()));
}
