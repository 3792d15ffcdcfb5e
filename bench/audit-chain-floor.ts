// The floor of the audit chain's rule, in the database alone: what does a per-company lock held until
// COMMIT cost 20 concurrent writers, with no API around it? 20 connections, each editing its own client
// in a transaction shaped as `client-edit` sends it (begin; update; commit), then the same with the
// event appended in the COMMIT's message (db/sent-with-commit.ts), the writers spread over twenty
// chains and then all on one, and on one chain with the append and the COMMIT sent apart (as before
// decision 0043). Rounds rotate the four, each in turn first. The one-chain figure
// is the lower bound for one company's writers: the head row is locked from the append to the end of
// the commit's WAL flush, so their commits cannot share a flush. PostgreSQL only.
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
    return connection;
  }),
);

type Variant = 'no event' | 'event, twenty chains' | 'event, one chain' | 'one chain, 2 round trips';
/** The last sends the append and the COMMIT apart, as before decision 0043: the lock spans a round trip. */
const VARIANTS: Variant[] = [
  'no event',
  'event, twenty chains',
  'event, one chain',
  'one chain, 2 round trips',
];
const run = randomUUID().slice(0, 8);
// Chains of their own (fake company ids), so they never meet a real company's.
const oneChainCompany = randomUUID();
const ownChainCompanies = clients.map(() => randomUUID());

/** The append as shared/audit/append-audit-event.ts sends it, its values written in as literals. */
function append(chain: string, companyId: string, clientId: string, request: number): string {
  const digest = pg.escapeLiteral(randomUUID());
  const link = (seq: string, previous: string) =>
    `encode(sha256(convert_to(${digest} || ':' || (${seq})::text || ':' || ${previous}, 'UTF8')), 'hex')`;
  const genesis = `'${'0'.repeat(64)}'`;
  return `with head as (
      insert into audit_chain_heads as h
        (company_key, purged_through_seq, purged_through_hash, last_seq, prior_hash, last_hash)
      values ('${chain}', 0, ${genesis}, 1, ${genesis}, ${link('1', genesis)})
      on conflict (company_key) do update set
        last_seq = h.last_seq + 1, prior_hash = h.last_hash, last_hash = ${link('h.last_seq + 1', 'h.last_hash')}
      returning h.last_seq, h.prior_hash, h.last_hash)
    insert into audit_events (company_id, seq, occurred_at, kind, action, actor_kind, actor_id, actor_name,
      target_client_id, ip, user_agent, request_id, changes, previous_hash, hash, hash_version)
    select '${companyId}'::uuid, head.last_seq, now(), 'change', 'client-edit', 'staff', 'bench', 'bench',
      '${clientId}', '127.0.0.1', 'audit-chain-floor', 'r${request}',
      '{"name":{"old":"a","new":"b"}}'::jsonb, head.prior_hash, head.last_hash, 2
    from head`;
}

async function runVariant(variant: Variant): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    connections.map(async (connection, index) => {
      const client = clients[index] as { id: string };
      const isOneChain = variant === 'event, one chain' || variant === 'one chain, 2 round trips';
      const chain = isOneChain ? `${run}-one` : `${run}-${index}`;
      const chainCompany = isOneChain ? oneChainCompany : (ownChainCompanies[index] as string);
      for (let request = 0; request < REQUESTS; request++) {
        const started = performance.now();
        await connection.query('begin');
        await connection.query(
          'update clients set name = $1, updated_at = now() where id = $2 and company_id = $3 returning id',
          [`Cliente ${index} ${request}`, client.id, company.id],
        );
        if (variant === 'one chain, 2 round trips')
          await connection.query(append(chain, chainCompany, client.id, request));
        await connection.query(
          variant === 'no event' || variant === 'one chain, 2 round trips'
            ? 'commit'
            : `${append(chain, chainCompany, client.id, request)};commit`,
        );
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
    ['transaction'.padEnd(24), 'count'.padStart(6), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8)].join(' '),
  );
  for (const variant of VARIANTS) {
    const sorted = [...pooled[variant]].sort((a, b) => a - b);
    const row = { transactions: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    results[variant] = row;
    console.log(
      [
        variant.padEnd(24),
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
