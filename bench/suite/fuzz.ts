// Phase 4: every call of the contract fuzzed with bodies derived from its zod schema: valid, boundary,
// malformed (one field of the wrong kind, a missing or extra field, wrong types, huge strings, unicode)
// and raw non-JSON texts. Every answer must be 2xx or 4xx with an error code, never a 5xx or a hang, and
// a refused call must leave the database as it was (row-change counters on every table, read before and
// after each request).
import type { CallContract, DataApiContract } from '@caudal/contract';
import { applications, DATA_API_TOKEN_PATH } from '@caudal/contract';
import fc from 'fast-check';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../apps/api/src/features/seed/seed';
import { signIn } from '../lib/api';
import { arbitraryOf, type Hints, malformedOf, RAW_BODIES, toJsonSchema, wrongValue } from './arbitraries';
import { listDataApiRoutes, listPortalCalls } from './contract-calls';
import { type Answer, get, post, request } from './http';
import type { Instance } from './instances';

/**
 * Tables a refused call may rightly write: the session's last-seen time (every signed-in call), failed
 * sign-ins (lockout) and rate-limit counters (a refused call still counts against its limit). And what
 * the audit sealer writes in the background after an earlier call's commit (decision 0049): its seals,
 * the chain heads and the markers it clears. A call's own audit event shows in `audit_events`.
 */
const VOLATILE_TABLES = new Set([
  'sessions',
  'login_failures',
  'rate_limits',
  'schema_migrations',
  'audit_seals',
  'audit_chain_heads',
  'audit_unsealed',
]);

/** Audit events a refused call writes by design (issue 26: failed sign-ins are recorded, as their own kind). */
const KINDS_WRITTEN_ON_REFUSAL = new Set(['sign-in-failed']);

type Category = 'valid' | 'boundary' | 'malformed' | 'raw';

export interface Finding {
  call: string;
  category: Category;
  body: string;
  status: number;
  code: string | null;
  response: string;
  tables?: string[];
}

export interface FuzzResult {
  seed: number;
  seconds: number;
  calls: number;
  requests: number;
  statuses: Record<string, number>;
  /** Refused answers by status and error code (`413 PayloadTooLarge`), so each refusal shows its reason. */
  refusals: Record<string, number>;
  accepted: number;
  refused: number;
  fiveXx: Finding[];
  hangs: Finding[];
  withoutCode: Finding[];
  /** Answered 2xx although the zod schema refuses the body (the server validates with the same schema). */
  acceptedInvalid: Finding[];
  /** A refused call changed a table. */
  changedOnRefusal: Finding[];
  perCall: { call: string; requests: number; statuses: Record<string, number> }[];
}

interface Sample {
  category: Category;
  /** The JSON value to send, or the raw text when `category` is raw. */
  body: unknown;
}

export async function runFuzz(
  instances: Instance[],
  options: { runsPerCategory: number; rawPerCall: number; seed: number; databaseUrl: string },
): Promise<FuzzResult> {
  const started = performance.now();
  const database = new pg.Client({ connectionString: options.databaseUrl });
  await database.connect();
  const hints: Hints = { ids: await findIds(database) };
  const base = (index: number) => (instances[index % instances.length] as Instance).base;
  const credentials = { company: 'Demo Wealth', username: 'demo', password: DEMO_PASSWORD };
  let token = await signIn(base(0), credentials);
  const dataApi = await openDataApi(base(0), token);
  const result: FuzzResult = {
    seed: options.seed,
    seconds: 0,
    calls: 0,
    requests: 0,
    statuses: {},
    refusals: {},
    accepted: 0,
    refused: 0,
    fiveXx: [],
    hangs: [],
    withoutCode: [],
    acceptedInvalid: [],
    changedOnRefusal: [],
    perCall: [],
  };
  await installChangeCounters(database);
  let checksum = await tableChecksums(database);
  let auditPosition = await lastAuditPosition(database);

  const record = async (
    call: string,
    sample: Sample,
    answer: Answer,
    isValidLocally: boolean | null,
    perCall: Record<string, number>,
  ) => {
    result.requests++;
    const key = answer.status === 0 ? (answer.code ?? 'none') : String(answer.status);
    perCall[key] = (perCall[key] ?? 0) + 1;
    result.statuses[key] = (result.statuses[key] ?? 0) + 1;
    const finding = (): Finding => ({
      call,
      category: sample.category,
      body: truncate(sample.category === 'raw' ? String(sample.body) : JSON.stringify(sample.body)),
      status: answer.status,
      code: answer.code,
      response: truncate(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)),
    });
    const after = await tableChecksums(database);
    const isOk = answer.status >= 200 && answer.status < 300;
    if (isOk) result.accepted++;
    else result.refused++;
    if (!isOk && answer.status !== 0) {
      const reason = `${answer.status} ${answer.code ?? 'no code'}`;
      result.refusals[reason] = (result.refusals[reason] ?? 0) + 1;
    }
    if (answer.status >= 500) result.fiveXx.push(finding());
    else if (answer.status === 0) result.hangs.push(finding());
    else if (!isOk && !answer.code) result.withoutCode.push(finding());
    if (isOk && isValidLocally === false) result.acceptedInvalid.push(finding());
    const position = await lastAuditPosition(database);
    if (!isOk) {
      const changed = [...after.keys()].filter((table) => after.get(table) !== checksum.get(table));
      // (A table's first change adds its counter row: a key new in `after` counts as changed.)
      const isOnlyDesignedEvents =
        changed.length === 1 &&
        changed[0] === 'audit_events' &&
        (await auditKindsAfter(database, auditPosition)).every((kind) => KINDS_WRITTEN_ON_REFUSAL.has(kind));
      if (changed.length > 0 && !isOnlyDesignedEvents)
        result.changedOnRefusal.push({ ...finding(), tables: changed });
    }
    checksum = after;
    auditPosition = position;
  };
  /** The harness's own writes (a new sign-in after a refused session) are not the next call's. */
  const rebase = async () => {
    checksum = await tableChecksums(database);
    auditPosition = await lastAuditPosition(database);
  };

  // Signing out ends the session every other call uses: it goes last.
  const calls = listPortalCalls().sort(
    (a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')),
  );
  for (const [index, call] of calls.entries()) {
    const perCall: Record<string, number> = {};
    for (const sample of samplesFor(call, hints, options, index)) {
      const target = `${base(result.requests)}${call.path}`;
      if (call.method === 'GET') {
        const query = typeof sample.body === 'string' ? sample.body : JSON.stringify(sample.body);
        await record(call.path, sample, await get(`${target}?q=${encodeURIComponent(query)}`), null, perCall);
        continue;
      }
      const answer =
        sample.category === 'raw'
          ? await post(target, sample.body, { token, raw: true })
          : await post(target, sample.body, { token });
      await record(call.path, sample, answer, isValidFor(call, sample), perCall);
      // A refused session (logout, or a session ended by the call) is replaced for the next call.
      if (answer.status === 401 && call.access.kind === 'session') {
        token = await signIn(base(0), credentials);
        await rebase();
      }
    }
    result.calls++;
    result.perCall.push({
      call: `${call.method} ${call.path}`,
      requests: Object.values(perCall).reduce((a, b) => a + b, 0),
      statuses: perCall,
    });
    console.log(
      `  ${call.method} ${call.path}: ${JSON.stringify(perCall)} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }

  if (dataApi) {
    token = await signIn(base(0), credentials);
    await rebase();
    for (const [index, route] of listDataApiRoutes().entries()) {
      const perCall: Record<string, number> = {};
      for (const sample of dataApiSamples(route, hints, options, index)) {
        const { url, init } = dataApiRequest(base(result.requests), route, sample, dataApi.token);
        await record(`${route.method} ${route.path}`, sample, await request(url, init), null, perCall);
      }
      result.calls++;
      result.perCall.push({
        call: `${route.method} ${route.path}`,
        requests: Object.values(perCall).reduce((a, b) => a + b, 0),
        statuses: perCall,
      });
      console.log(`  ${route.method} ${route.path}: ${JSON.stringify(perCall)}`);
    }
    // The token endpoint itself, with form bodies of every shape.
    const perCall: Record<string, number> = {};
    const forms = fc.sample(
      fc.dictionary(
        fc.constantFrom('grant_type', 'client_id', 'client_secret', 'scope', 'x'),
        wrongValue.map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null'))),
        { maxKeys: 4 },
      ),
      {
        numRuns: options.runsPerCategory * 2,
        seed: options.seed,
      },
    );
    forms.push({ grant_type: 'client_credentials', client_id: dataApi.clientId, client_secret: 'wrong' });
    for (const form of forms) {
      const body = new URLSearchParams(form as Record<string, string>).toString();
      const answer = await post(`${base(result.requests)}${DATA_API_TOKEN_PATH}`, body, {
        raw: true,
        contentType: 'application/x-www-form-urlencoded',
      });
      await record(
        `POST ${DATA_API_TOKEN_PATH}`,
        { category: 'malformed', body: form },
        answer,
        null,
        perCall,
      );
    }
    result.calls++;
    result.perCall.push({ call: `POST ${DATA_API_TOKEN_PATH}`, requests: forms.length, statuses: perCall });
  }
  await database.end();
  result.seconds = Math.round((performance.now() - started) / 100) / 10;
  printFuzz(result);
  return result;
}

function samplesFor(
  call: CallContract,
  hints: Hints,
  options: { runsPerCategory: number; rawPerCall: number; seed: number },
  index: number,
): Sample[] {
  const schema = toJsonSchema(call.request);
  const seed = options.seed + index;
  const take = (category: Category, arbitrary: fc.Arbitrary<unknown>, numRuns: number) =>
    fc.sample(arbitrary, { numRuns, seed }).map((body) => ({ category, body }));
  if (call.method === 'GET') return take('malformed', wrongValue, Math.min(3, options.runsPerCategory));
  const raw = fc.sample(fc.constantFrom(...RAW_BODIES), { numRuns: options.rawPerCall, seed });
  return [
    ...take('valid', arbitraryOf(schema, hints, 'valid'), options.runsPerCategory),
    ...take('boundary', arbitraryOf(schema, hints, 'boundary'), options.runsPerCategory),
    ...take('malformed', malformedOf(schema, hints), options.runsPerCategory),
    ...raw.map((body) => ({ category: 'raw' as const, body })),
  ];
}

/** What the server's own schema says of the body (null for raw text that is not JSON at all). */
function isValidFor(call: CallContract, sample: Sample): boolean | null {
  let body = sample.body;
  if (sample.category === 'raw') {
    try {
      body = JSON.parse(String(sample.body));
    } catch {
      return false;
    }
  }
  return call.request.safeParse(body ?? {}).success;
}

function dataApiSamples(
  route: DataApiContract,
  hints: Hints,
  options: { runsPerCategory: number; seed: number },
  index: number,
): Sample[] {
  const seed = options.seed + 1_000 + index;
  const part = (schema: unknown, mode: 'valid' | 'boundary' | 'malformed') => {
    const json = toJsonSchema(schema as CallContract['request']);
    return mode === 'malformed' ? malformedOf(json, hints) : arbitraryOf(json, hints, mode);
  };
  const build = (mode: 'valid' | 'boundary' | 'malformed') =>
    fc.record({
      params:
        mode === 'malformed'
          ? fc.oneof(part(route.params, 'valid'), part(route.params, 'malformed'))
          : part(route.params, mode),
      query: part(route.query, mode),
      body: route.body ? part(route.body, mode) : fc.constant(undefined),
    });
  return (['valid', 'boundary', 'malformed'] as const).flatMap((mode) =>
    fc
      .sample(build(mode), { numRuns: options.runsPerCategory, seed })
      .map((body) => ({ category: mode, body })),
  );
}

function dataApiRequest(base: string, route: DataApiContract, sample: Sample, token: string) {
  const { params, query, body } = sample.body as { params: unknown; query: unknown; body: unknown };
  const values = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  const path = route.path.replace(/:([a-z_]+)/g, (_, name: string) =>
    encodeURIComponent(name in values ? String(values[name]) : 'missing'),
  );
  const search = new URLSearchParams();
  if (query && typeof query === 'object' && !Array.isArray(query)) {
    for (const [key, value] of Object.entries(query)) {
      search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (route.method === 'POST') headers['content-type'] = 'application/json';
  return {
    url: `${base}${path}${search.size > 0 ? `?${search}` : ''}`,
    init: {
      method: route.method,
      headers,
      ...(route.method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    },
  };
}

/** An application of the demo company and a data-API token for it, or null if the call is not served. */
async function openDataApi(base: string, token: string) {
  const created = await post(
    `${base}${applications.createApplication.path}`,
    { name: `Fuzz ${Date.now()}` },
    { token },
  );
  if (created.status !== 200) return null;
  const { client_id: clientId, client_secret: secret } = created.body as {
    client_id: string;
    client_secret: string;
  };
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: secret,
  });
  const answer = await post(`${base}${DATA_API_TOKEN_PATH}`, form.toString(), {
    raw: true,
    contentType: 'application/x-www-form-urlencoded',
  });
  if (answer.status !== 200) return null;
  return { clientId, token: (answer.body as { access_token: string }).access_token };
}

/** Real ids of every kind in the database, so id fields reach past a 404 now and then. */
async function findIds(database: pg.Client): Promise<string[]> {
  const result = await database.query<{ id: string }>(`
    (select id::text from clients limit 20) union all (select id::text from products limit 40)
    union all (select id::text from investments limit 20) union all (select token from credentials limit 20)
    union all (select id::text from credentials limit 10) union all (select id from entities limit 10)
    union all (select username from users limit 10) union all (select id::text from links limit 10)
    union all (select client_id from applications limit 5)`);
  return result.rows.map((row) => row.id);
}

/**
 * Counts every row inserted, updated or deleted (and every truncate) per table, through triggers the
 * suite adds to its own fuzz database: reading the counters costs nothing, unlike hashing every row.
 */
async function installChangeCounters(database: pg.Client): Promise<void> {
  await database.query(`
    create table if not exists suite_changes (table_name text primary key, changes bigint not null);
    create or replace function suite_count_change() returns trigger language plpgsql as $$
    begin
      insert into suite_changes values (tg_table_name, 1)
        on conflict (table_name) do update set changes = suite_changes.changes + 1;
      return null;
    end $$;`);
  const tables = (
    await database.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'suite_changes'`,
    )
  ).rows
    .map((row) => row.name)
    .filter((name) => !VOLATILE_TABLES.has(name));
  for (const name of tables) {
    await database.query(`drop trigger if exists suite_count_rows on "${name}"`);
    await database.query(
      `create trigger suite_count_rows after insert or update or delete on "${name}" for each row execute function suite_count_change()`,
    );
    await database.query(`drop trigger if exists suite_count_truncate on "${name}"`);
    await database.query(
      `create trigger suite_count_truncate after truncate on "${name}" for each statement execute function suite_count_change()`,
    );
  }
}

async function lastAuditPosition(database: pg.Client): Promise<string> {
  const { rows } = await database.query<{ position: string }>(
    'select coalesce(max(position), 0)::text as position from audit_events',
  );
  return rows[0]?.position ?? '0';
}

/** The kinds of the audit events written after `position` (positions grow with each write). */
async function auditKindsAfter(database: pg.Client, position: string): Promise<string[]> {
  const { rows } = await database.query<{ kind: string }>(
    'select kind from audit_events where position > $1::bigint',
    [position],
  );
  return rows.map((row) => row.kind);
}

async function tableChecksums(database: pg.Client): Promise<Map<string, string>> {
  const rows = (
    await database.query<{ table_name: string; changes: string }>(
      'select table_name, changes::text from suite_changes',
    )
  ).rows;
  return new Map(rows.map((row) => [row.table_name, row.changes]));
}

function truncate(text: string | undefined): string {
  const value = text ?? '';
  return value.length > 300 ? `${value.slice(0, 300)}… (${value.length} chars)` : value;
}

function printFuzz(result: FuzzResult) {
  console.log(
    `\nFuzz: ${result.calls} calls, ${result.requests} requests in ${result.seconds} s (seed ${result.seed}); accepted ${result.accepted}, refused ${result.refused}`,
  );
  console.log(`  statuses: ${JSON.stringify(result.statuses)}`);
  console.log(`  refusals: ${JSON.stringify(result.refusals)}`);
  console.log(
    `  5xx: ${result.fiveXx.length}; hangs/no answer: ${result.hangs.length}; 4xx without an error code: ${result.withoutCode.length}; accepted although the schema refuses: ${result.acceptedInvalid.length}; database changed by a refused call: ${result.changedOnRefusal.length}`,
  );
  for (const finding of [
    ...result.fiveXx,
    ...result.hangs,
    ...result.withoutCode,
    ...result.acceptedInvalid,
    ...result.changedOnRefusal,
  ].slice(0, 15)) {
    console.log(`  FINDING ${JSON.stringify(finding)}`);
  }
}
