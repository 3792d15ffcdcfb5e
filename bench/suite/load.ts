// The load driver: readers running the mixed staff workload and writers keeping a ledger of acknowledged
// writes, on one or more instances, every answer checked for the other company's data.
import { wealth } from '@caudal/contract';
import pg from 'pg';
import { signIn } from '../lib/api';
import { type Answer, isRetriable, percentile, post, round, sleep } from './http';
import type { Instance } from './instances';
import { nextStaffCall } from './staff-calls';
import type { Tenant } from './tenants';

export interface Sample {
  call: string;
  tenant: string;
  instance: string;
  /** Seconds from the start of the load. */
  at: number;
  ms: number;
  status: number;
  code: string | null;
}

export interface Leak {
  call: string;
  tenant: string;
  body: unknown;
  found: string;
}

interface LedgerEntry {
  tenant: Tenant;
  clientId: string;
  name: string;
  alias: string;
}

export interface LoadOptions {
  instances: Instance[];
  tenants: Tenant[];
  /** Concurrent readers, spread over the tenants and instances. */
  readers: number;
  writersPerTenant: number;
  durationMs: number;
  /** What happens to the system while the load runs (kill an instance, stop the database…). */
  fault?: (elapsedSeconds: () => number) => Promise<void>;
  /** A call with no answer is sent again to the next instance, as a client behind a balancer would. */
  failover: boolean;
  /** Where the ledger is read back from (directly, not through any fault in between). */
  databaseUrl: string;
  /**
   * One token per reader slot, each a staff member of their own (`ensureStaff`, `signInReaders`) of the
   * slot's tenant (slot % tenants), signed in once by the caller: per-user limits (the export caps) then
   * apply per person. Without it every reader shares its tenant's one user.
   */
  readerTokens?: readonly string[];
}

export interface LoadResult {
  seconds: number;
  samples: Sample[];
  leaks: Leak[];
  ledger: { acknowledged: number; writes: number; lost: LedgerEntry[]; unacknowledged: number };
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const base = options.instances[0]?.base ?? '';
  const tokens = new Map<Tenant, string>();
  for (const tenant of options.tenants) tokens.set(tenant, await signIn(base, tenant));
  if (options.readerTokens && options.readerTokens.length < options.readers) {
    throw new Error(`${options.readerTokens.length} reader tokens for ${options.readers} readers`);
  }
  const samples: Sample[] = [];
  const leaks: Leak[] = [];
  const ledger = new Map<string, LedgerEntry>();
  let writes = 0;
  let unacknowledged = 0;
  // Aliases are unique per company: a run token keeps this load's apart from earlier loads' in the database.
  const run = Date.now().toString(36);
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const isRunning = () => elapsed() * 1000 < options.durationMs;

  /** One call, failing over to the next instance when there was no answer at all. */
  // A create is not sent again by the transport: if its first answer was lost it may have happened, and
  // the same body would then get 409. The writer decides (an unanswered create is simply not owed).
  const send = async (
    slot: number,
    tenant: Tenant,
    call: string,
    path: string,
    body: unknown,
    token = tokens.get(tenant) as string,
  ) => {
    const mayResend = options.failover && call !== 'write:client-create';
    let answer: Answer | null = null;
    for (let attempt = 0; attempt < options.instances.length; attempt++) {
      const instance = options.instances[(slot + attempt) % options.instances.length] as Instance;
      const at = elapsed();
      answer = await post(`${instance.base}${path}`, body, { token });
      samples.push({
        call,
        tenant: tenant.label,
        instance: instance.name,
        at,
        ms: answer.ms,
        ...pickStatus(answer),
      });
      if (answer.status !== 0 || !mayResend) break;
    }
    return answer as Answer;
  };

  const other = (tenant: Tenant) => options.tenants.find((candidate) => candidate !== tenant);

  const reader = async (slot: number) => {
    const tenant = options.tenants[slot % options.tenants.length] as Tenant;
    const rival = other(tenant);
    while (isRunning()) {
      const call = nextStaffCall(tenant);
      const answer = await send(slot, tenant, call.name, call.path, call.body, options.readerTokens?.[slot]);
      if (answer.status === 200) {
        const found = findForeignData(answer.body, tenant, rival);
        if (found) leaks.push({ call: call.path, tenant: tenant.label, body: call.body, found });
      } else if (isRetriable(answer)) {
        await sleep(100);
      }
    }
  };

  /** Creates a client, then renames it; each acknowledged write goes in the ledger. */
  const writer = async (slot: number, tenant: Tenant) => {
    const prefix = tenant.label === 'rival' ? 'RV-L' : 'BL-';
    for (let serial = 0; isRunning(); serial++) {
      const alias = `${prefix}${run}-${slot}-${serial}`;
      const form = { name: `Load ${tenant.label} ${slot} ${serial}`, alias, entities: [] };
      writes++;
      const created = await send(slot, tenant, 'write:client-create', wealth.clientCreate.path, form);
      if (created.status !== 200) {
        // An unanswered create may or may not have happened: it was never acknowledged, so it is not owed.
        unacknowledged++;
        if (isRetriable(created)) await sleep(100);
        continue;
      }
      const clientId = (created.body as { id: string }).id;
      ledger.set(clientId, { tenant, clientId, name: form.name, alias });
      const renamed = { ...form, name: `${form.name} edited`, client_id: clientId };
      // The same edit is sent until it is acknowledged (it is idempotent), so the ledger's last value is final.
      for (let tries = 0; tries < 100; tries++) {
        writes++;
        const edited = await send(slot + tries, tenant, 'write:client-edit', wealth.clientEdit.path, renamed);
        if (edited.status === 200) {
          ledger.set(clientId, { tenant, clientId, name: renamed.name, alias });
          break;
        }
        unacknowledged++;
        if (!isRetriable(edited) && edited.status !== 0) break;
        await sleep(100);
      }
    }
  };

  const workers = [
    ...Array.from({ length: options.readers }, (_, slot) => reader(slot)),
    ...options.tenants.flatMap((tenant, index) =>
      Array.from({ length: options.writersPerTenant }, (_, slot) => writer(slot * 2 + index, tenant)),
    ),
  ];
  if (options.fault) workers.push(options.fault(elapsed));
  await Promise.all(workers);
  const seconds = elapsed();
  return {
    seconds,
    samples,
    leaks,
    ledger: {
      acknowledged: ledger.size,
      writes,
      unacknowledged,
      lost: await findLostWrites(options.databaseUrl, [...ledger.values()]),
    },
  };
}

function pickStatus(answer: Answer) {
  return { status: answer.status, code: answer.code };
}

/**
 * The other company's data in an answer: any of its ids anywhere in the body, or a client (an object
 * with `alias`) whose alias is not this tenant's.
 */
export function findForeignData(body: unknown, tenant: Tenant, rival: Tenant | undefined): string | null {
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (rival?.ids.has(value)) return `id ${value} of ${rival.company}`;
    } else if (Array.isArray(value)) {
      stack.push(...value);
    } else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (
        typeof record.alias === 'string' &&
        typeof record.id === 'string' &&
        !tenant.ownsAlias(record.alias)
      ) {
        return `client ${record.id} with alias ${record.alias}`;
      }
      stack.push(...Object.values(record));
    }
  }
  return null;
}

/** Every acknowledged write, read back from the database: the client exists, in its company, as last acknowledged. */
async function findLostWrites(databaseUrl: string, entries: LedgerEntry[]): Promise<LedgerEntry[]> {
  if (entries.length === 0) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ id: string; company_id: string; name: string; alias: string }>(
      'select id::text, company_id::text, name, alias from clients where id = any($1::uuid[])',
      [entries.map((entry) => entry.clientId)],
    );
    const byId = new Map(rows.rows.map((row) => [row.id, row]));
    return entries.filter((entry) => {
      const row = byId.get(entry.clientId);
      return (
        !row ||
        row.company_id !== entry.tenant.companyId ||
        row.name !== entry.name ||
        row.alias !== entry.alias
      );
    });
  } finally {
    await client.end();
  }
}

export interface CallFigures {
  call: string;
  answered: number;
  ok: number;
  rps: number;
  p50: number;
  p99: number;
  errors: Record<string, number>;
}

/** Per call and in all: requests/s of successful answers, latency percentiles, errors by code. */
export function summarise(samples: readonly Sample[], seconds: number): CallFigures[] {
  // Requests/s counts answers completed within the window; calls still in flight when it closed only add latency.
  const byCall = new Map<string, Sample[]>();
  for (const sample of samples) {
    const list = byCall.get(sample.call) ?? [];
    list.push(sample);
    byCall.set(sample.call, list);
  }
  const figures = (call: string, list: readonly Sample[]): CallFigures => {
    const errors: Record<string, number> = {};
    for (const sample of list) {
      if (sample.status === 200) continue;
      const key = `${sample.status} ${sample.code ?? ''}`.trim();
      errors[key] = (errors[key] ?? 0) + 1;
    }
    const answered = list.filter((sample) => sample.status !== 0);
    const ok = list.filter((sample) => sample.status === 200).length;
    const okInWindow = list.filter(
      (sample) => sample.status === 200 && sample.at + sample.ms / 1000 <= seconds,
    );
    return {
      call,
      answered: answered.length,
      ok,
      rps: round(okInWindow.length / seconds, 1),
      p50: round(
        percentile(
          answered.map((sample) => sample.ms),
          50,
        ),
        1,
      ),
      p99: round(
        percentile(
          answered.map((sample) => sample.ms),
          99,
        ),
        1,
      ),
      errors,
    };
  };
  return [
    ...[...byCall.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([call, list]) => figures(call, list)),
    figures('all', samples),
  ];
}

export function printFigures(title: string, rows: readonly CallFigures[]) {
  console.log(`\n${title}`);
  console.log(
    `  ${'call'.padEnd(22)} ${'ok'.padStart(7)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  errors`,
  );
  for (const row of rows) {
    const errors = Object.entries(row.errors)
      .map(([key, count]) => `${key}: ${count}`)
      .join(', ');
    console.log(
      `  ${row.call.padEnd(22)} ${String(row.ok).padStart(7)} ${row.rps.toFixed(1).padStart(8)} ${row.p50
        .toFixed(1)
        .padStart(8)} ${row.p99.toFixed(1).padStart(8)}  ${errors || '-'}`,
    );
  }
}
