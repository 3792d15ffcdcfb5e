// Claim (issue 30): with 1,000,000 funnel events on the large tenant, a Link's funnel and the company's
// institution health cost the API no more than 2× their bare SQL at p50: the funnel is one index-only
// count over funnel_visits_link_idx plus the failed steps' partial index, health two grouped passes
// over institution_outcomes_company_time_idx (migration 0026); no event is loaded into the process.
// The bare SQL runs in a minimal process of its own (lib/bare-sql-process.ts: node-postgres only).
// Needs the large tenant (npm run large-tenant -w @caudal/bench); generates the funnel data once.
//
//   npm run bench:funnel-health -w @caudal/bench
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { funnel } from '@caudal/contract';
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/db/database';
import { findInstitutionHealth, findLinkFunnel } from '../apps/api/src/features/funnel/funnel.repository';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  isServed,
  type Measurement,
  measureCall,
  signIn,
  startApi,
  WARM_UP_SECONDS,
  warmUp,
} from './lib/api';
import { captureStatements } from './lib/capture';
import { openBenchDatabase } from './lib/database';
import { printHeader, printScenario } from './lib/report';
import { writeResult } from './lib/results';
import { explain, openPool, sqlRunnerOf } from './lib/sql-load';
import { BENCH_COMPANY, BENCH_PASSWORD, BENCH_USERNAME, requireBenchCompany } from './lib/tenant';

const EVENTS = 1_000_000;
const VISITS = 300_000;
const OUTCOMES = 300_000;
const LINKS = 5;
const TARGET = 2;

/** Five Links; the first takes half the visits. Visits over 30 days, steps reached by hashed thresholds. */
async function generateFunnelData(db: Db, companyId: string): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    const step = async (label: string, run: () => Promise<unknown>) => {
      const t0 = performance.now();
      await run();
      console.log(`  ${label.padEnd(30)} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    };
    await step('delete earlier funnel data', async () => {
      await sql`delete from funnel_events where company_id = ${companyId}`.execute(connection);
      await sql`delete from funnel_visits where company_id = ${companyId}`.execute(connection);
      await sql`delete from institution_outcomes where company_id = ${companyId}`.execute(connection);
      await sql`delete from links where company_id = ${companyId} and name like 'Bench funnel %'`.execute(
        connection,
      );
    });
    await step('links', () =>
      sql`insert into links (company_id, name, token)
          select ${companyId}, 'Bench funnel ' || i, 'bench-funnel-' || i || '-' || md5(random()::text)
          from generate_series(1, ${LINKS}) i`.execute(connection),
    );
    await step(`funnel_visits (${VISITS})`, () =>
      sql`with l as (
            select id, row_number() over (order by name) as n from links
            where company_id = ${companyId} and name like 'Bench funnel %'
          ), v as (
            select i, abs(hashtext('v' || i)) % 1000 as h, abs(hashtext('t' || i)) % (30 * 24 * 3600) as age_s
            from generate_series(1, ${VISITS}) i
          )
          insert into funnel_visits (id, company_id, link_id, entity_id, opened_at, institution_chosen_at,
            credentials_sent_at, sca_asked_at, sca_passed_at, succeeded_at, failed_at, last_error, last_activity_at)
          select gen_random_uuid(), ${companyId}, l.id,
            (array['santander','bbva','caixabank','sabadell','bankinter','cajamar','evo','ing'])[1 + v.h % 8],
            now() - make_interval(secs => v.age_s),
            case when v.h < 850 then now() - make_interval(secs => v.age_s - 20) end,
            case when v.h < 700 then now() - make_interval(secs => v.age_s - 60) end,
            case when v.h < 700 and v.h % 3 = 0 then now() - make_interval(secs => v.age_s - 70) end,
            case when v.h < 600 and v.h % 3 = 0 then now() - make_interval(secs => v.age_s - 120) end,
            case when v.h < 550 then now() - make_interval(secs => v.age_s - 130) end,
            case when v.h >= 550 and v.h < 700 then now() - make_interval(secs => v.age_s - 65) end,
            case when v.h >= 550 and v.h < 700 then (array['invalid_access','down','blocked','invalid_sca_code'])[1 + v.h % 4] end,
            now() - make_interval(secs => v.age_s - 130)
          from v join l on l.n = case when v.i % 2 = 0 then 1 else 2 + v.i % ${LINKS - 1} end`.execute(
        connection,
      ),
    );
    await step(`funnel_events (${EVENTS})`, () =>
      sql`insert into funnel_events (visit_id, company_id, link_id, step, entity_id, error, occurred_at)
          select visit_id, company_id, link_id, step, entity_id, error, occurred_at from (
            select v.id as visit_id, v.company_id, v.link_id, s.step, v.entity_id,
              case when s.step = 'failed' then v.last_error end as error, s.at as occurred_at
            from funnel_visits v
            cross join lateral (values
              ('opened', v.opened_at), ('institution_chosen', v.institution_chosen_at),
              ('credentials_sent', v.credentials_sent_at), ('sca_asked', v.sca_asked_at),
              ('sca_passed', v.sca_passed_at), ('succeeded', v.succeeded_at), ('failed', v.failed_at),
              -- a retry's second failure, for the visits that failed on the first try
              ('failed', case when v.failed_at is not null and v.entity_id in ('bbva', 'evo') then v.failed_at end)
            ) as s(step, at)
            where v.company_id = ${companyId} and s.at is not null
          ) e
          limit ${EVENTS}`.execute(connection),
    );
    await step(`institution_outcomes (${OUTCOMES})`, () =>
      sql`insert into institution_outcomes (company_id, entity_id, kind, outcome, occurred_at)
          select ${companyId},
            (array['santander','bbva','caixabank','sabadell','bankinter','cajamar','evo','ing'])[1 + i % 8],
            case when i % 3 = 0 then 'connection' else 'refresh' end,
            case when abs(hashtext('o' || i)) % 100 < 85 then 'success'
                 else (array['invalid_access','down','blocked','sca_required'])[1 + i % 4] end,
            now() - make_interval(secs => abs(hashtext('a' || i)) % (30 * 24 * 3600))
          from generate_series(1, ${OUTCOMES}) i`.execute(connection),
    );
    await step('vacuum analyze', () =>
      sql`vacuum analyze funnel_visits, funnel_events, institution_outcomes`.execute(connection),
    );
  });
}

/** The bare statements' floor, measured by a process that loads nothing but node-postgres. */
function measureBareInChild(
  databaseUrl: string,
  groups: { sql: string; parameters: readonly unknown[] }[][],
): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./lib/bare-sql-process.ts', import.meta.url))],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Measurement) : reject(new Error(`bare SQL process: ${code}`)),
    );
    child.stdin.end(
      JSON.stringify({
        databaseUrl,
        groups,
        connections: CONNECTIONS,
        warmUpSeconds: WARM_UP_SECONDS,
        seconds: DURATION_SECONDS,
      }),
    );
  });
}

const target = await openBenchDatabase();
const databaseUrl = target.databaseUrl;
if (!databaseUrl) throw new Error('This benchmark needs PostgreSQL.');
const db = target.handle.db;
const pool = openPool(databaseUrl);
const running = await startApi(db);
try {
  const companyId = await requireBenchCompany(db);
  const count = await sql<{
    n: number;
  }>`select count(*)::int as n from funnel_events where company_id = ${companyId}`.execute(db);
  if ((count.rows[0]?.n ?? 0) !== EVENTS) {
    console.log('Generating the funnel data of the large tenant:');
    await generateFunnelData(db, companyId);
  }
  const [link] = await sql<{ id: string; name: string; token: string }>`
    select id, name, token from links where company_id = ${companyId} and name = 'Bench funnel 1'`
    .execute(db)
    .then((result) => result.rows);
  if (!link) throw new Error('no bench funnel Link');
  const sizes = await sql<{ events: number; visits: number; link_visits: number; outcomes: number }>`
    select (select count(*)::int from funnel_events where company_id = ${companyId}) as events,
      (select count(*)::int from funnel_visits where company_id = ${companyId}) as visits,
      (select count(*)::int from funnel_visits where link_id = ${link.id}) as link_visits,
      (select count(*)::int from institution_outcomes where company_id = ${companyId}) as outcomes`.execute(
    db,
  );
  console.log('\nTenant funnel data:', sizes.rows[0]);

  const token = await signIn(running.base, {
    company: BENCH_COMPANY,
    username: BENCH_USERNAME,
    password: BENCH_PASSWORD,
  });
  if (!(await isServed(running.base, token, funnel.getLinkFunnel.path)))
    throw new Error('funnel calls not served');
  const now = () => new Date();
  const scope = { companyId, linkId: link.id, linkName: link.name };
  const scenarios = [
    {
      name: 'get-link-funnel, 30 days (the Link with half the visits)',
      path: funnel.getLinkFunnel.path,
      body: { token: link.token, days: 30 },
      queries: (q: Db) => findLinkFunnel(q, scope, 30, now()),
    },
    {
      name: 'get-link-funnel, 7 days',
      path: funnel.getLinkFunnel.path,
      body: { token: link.token, days: 7 },
      queries: (q: Db) => findLinkFunnel(q, scope, 7, now()),
    },
    {
      name: 'get-institution-health, 14 days',
      path: funnel.getInstitutionHealth.path,
      body: {},
      queries: (q: Db) => findInstitutionHealth(q, companyId, now()),
    },
  ];
  printHeader('funnel-health', `${target.label}; bare SQL in its own process`);
  const recorded: unknown[] = [];
  for (const scenario of scenarios) await warmUp(running.base, token, scenario.path, scenario.body);
  for (const scenario of scenarios) {
    const groups = await captureStatements(databaseUrl, scenario.queries);
    const plan = await explain(sqlRunnerOf(pool), groups.flat());
    const api = await measureCall(running.base, token, scenario.path, scenario.body);
    const bare = await measureBareInChild(
      databaseUrl,
      groups.map((group) => group.map((s) => ({ sql: s.sql, parameters: [...s.parameters] }))),
    );
    printScenario(scenario.name, `${scenario.path} ${JSON.stringify(scenario.body)}`, api, bare, plan);
    const ratio = api.p50 / bare.p50;
    console.log(
      `   against this issue's target: ${ratio.toFixed(2)}× (${ratio <= TARGET ? 'within' : 'OVER'} ${TARGET}×)`,
    );
    recorded.push({ name: scenario.name, api, bare, ratio });
  }
  writeResult('funnel-health', { scenarios: recorded });
} finally {
  await pool.end();
  await running.close();
  await target.handle.close();
}
