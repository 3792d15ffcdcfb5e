// Generates a large wealth tenant — "Bench Wealth": 10,000 clients and about 5,000,000 transactions —
// so the list and transaction calls can be measured at the scale a big aggregation customer reaches.
// The company and its staff user `bench` come from the API's own factories (same password hashing);
// every bulk row is generated in SQL from generate_series, with values derived from hashes of the
// series index, so a run is deterministic (except random ids and tokens) and takes minutes.
//
//   npm run large-tenant -w @caudal/bench                 # PostgreSQL: DATABASE_URL or caudal_bench
//   npm run large-tenant -w @caudal/bench -- --reset      # delete the tenant and generate it again
//   npm run large-tenant -w @caudal/bench -- --pglite .data/pglite --scale 0.1
import { parseArgs } from 'node:util';
import { MODULES } from '@caudal/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../apps/api/src/db/schema';
import { createCompany, createUser } from '../apps/api/src/features/seed/factories';
import { seedInstitutions } from '../apps/api/src/features/seed/seed';
import { openBenchDatabase } from './lib/database';
import {
  BENCH_COMPANY,
  BENCH_PASSWORD,
  BENCH_USERNAME,
  countTenantRows,
  findBenchCompany,
  type TenantCounts,
} from './lib/tenant';

const { values: args } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    pglite: { type: 'string' },
    scale: { type: 'string', default: '1' },
  },
});
const scale = Number(args.scale);
if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be in (0, 1]');
const CLIENTS = Math.round(10_000 * scale);
/** Where the marker of a completed generation is kept, with the counts it produced. */
const MARKER_KEY = 'bench.large-tenant';

async function generate(db: Kysely<Database>, kind: 'postgres' | 'pglite') {
  const company = await createCompany(db, { name: BENCH_COMPANY, modules: MODULES });
  // A cheap argon2id cost: login is not what is measured, and the hash format is the API's own.
  await createUser(db, {
    companyId: company.id,
    username: BENCH_USERNAME,
    name: 'Bench Staff',
    email: 'bench@caudal.test',
    password: BENCH_PASSWORD,
    kind: 'staff',
    hashing: { memoryCost: 1024, timeCost: 1 },
  });
  // One pinned connection: the plan lives in temporary tables.
  await db.connection().execute(async (connection) => {
    // Bulk generation takes minutes per statement: the API's statement_timeout (db/timeouts.ts) is not for it.
    await sql`set statement_timeout = 0`.execute(connection);
    const run = async (label: string, text: string) => {
      const t0 = performance.now();
      const result = await sql.raw(text).execute(connection);
      const rows = result.numAffectedRows ? ` ${result.numAffectedRows} rows` : '';
      console.log(
        `  ${label.padEnd(34)}${rows.padStart(14)} ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    };
    if (kind === 'postgres') {
      await sql.raw('set synchronous_commit = off').execute(connection);
      await sql.raw(`set work_mem = '256MB'`).execute(connection);
      await sql.raw(`set maintenance_work_mem = '1GB'`).execute(connection);
    }
    for (const [label, text] of planStatements()) await run(label, text);
    for (const [label, text] of tenantStatements(company.id)) await run(label, text);
  });
  const t0 = performance.now();
  await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    for (const table of WEALTH_TABLES) await sql.raw(`vacuum (analyze) ${table}`).execute(connection);
  });
  console.log(`  ${'vacuum (analyze)'.padEnd(48)} ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const counts = await countTenantRows(db, company.id);
  await sql`insert into app_settings (key, value) values (${MARKER_KEY}, ${JSON.stringify({
    companyId: company.id,
    ...counts,
  })}) on conflict (key) do update set value = excluded.value`.execute(db);
  printCounts(counts);
  console.log(
    `\nGenerated in ${elapsed()}. Sign in: ${BENCH_COMPANY} / ${BENCH_USERNAME} / ${BENCH_PASSWORD}`,
  );
}

const WEALTH_TABLES = [
  'clients',
  'credentials',
  'holders',
  'products',
  'product_holders',
  'investments',
  'product_transactions',
  'investment_transactions',
];

/** Deletes the tenant child-first by company, so no cascade walks 5M rows one trigger at a time. */
async function deleteTenant(db: Kysely<Database>, companyId: string) {
  const t0 = performance.now();
  await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    const company = literal(companyId);
    for (const text of [
      `delete from investment_transactions where company_id = ${company}`,
      `delete from product_transactions where company_id = ${company}`,
      `delete from product_day_balances where product_id in (select id from products where company_id = ${company})`,
      `delete from investments where company_id = ${company}`,
      `delete from product_holders where product_id in (select id from products where company_id = ${company})`,
      `delete from products where company_id = ${company}`,
      `delete from holders where company_id = ${company}`,
      `delete from credentials where company_id = ${company}`,
      `delete from portal_user_clients where company_id = ${company}`,
      `delete from clients where company_id = ${company}`,
      `delete from companies where id = ${company}`,
      `delete from app_settings where key = '${MARKER_KEY}'`,
    ]) {
      await sql.raw(text).execute(connection);
    }
  });
  await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    for (const table of WEALTH_TABLES) await sql.raw(`vacuum ${table}`).execute(connection);
  });
  console.log(`  deleted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

function literal(uuid: string): string {
  if (!/^[0-9a-f-]{36}$/.test(uuid)) throw new Error(`Not a uuid: ${uuid}`);
  return `'${uuid}'::uuid`;
}

const FIRST_NAMES = [
  'Antonio',
  'José',
  'Manuel',
  'Francisco',
  'David',
  'Juan',
  'Javier',
  'Daniel',
  'Carlos',
  'Alejandro',
  'Miguel',
  'Rafael',
  'Pablo',
  'Sergio',
  'Fernando',
  'Jorge',
  'Alberto',
  'Luis',
  'Álvaro',
  'Adrián',
  'María',
  'Carmen',
  'Ana',
  'Laura',
  'Isabel',
  'Cristina',
  'Marta',
  'Lucía',
  'Elena',
  'Paula',
  'Sara',
  'Pilar',
  'Rosa',
  'Raquel',
  'Andrea',
  'Beatriz',
  'Nuria',
  'Silvia',
  'Julia',
  'Irene',
];
/** García twice: a surname common enough that a search for it matches well over a thousand clients. */
const SURNAMES = [
  'García',
  'García',
  'Rodríguez',
  'González',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Martín',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Díaz',
  'Moreno',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Alonso',
  'Gutiérrez',
  'Navarro',
  'Torres',
  'Domínguez',
  'Vázquez',
  'Ramos',
  'Gil',
  'Ramírez',
  'Serrano',
  'Blanco',
  'Molina',
  'Morales',
  'Suárez',
  'Ortega',
  'Delgado',
  'Castro',
  'Ortiz',
  'Rubio',
];
const BANKS = [
  'santander',
  'bbva',
  'caixabank',
  'sabadell',
  'bankinter',
  'ing',
  'openbank',
  'abanca',
  'kutxabank',
  'unicaja',
  'ibercaja',
  'cajamar',
  'evo',
  'mediolanum',
  'andbank',
];
const BROKERS = ['renta4', 'myinvestor', 'selfbank', 'inversis', 'degiro', 'interactive-brokers'];
const ACCOUNT_DESCRIPTIONS = [
  'Transferencia recibida',
  'Transferencia emitida',
  'Bizum recibido',
  'Bizum enviado',
  'Nómina',
  'Recibo luz Iberdrola',
  'Recibo gas Naturgy',
  'Recibo Movistar',
  'Recibo comunidad de propietarios',
  'Compra tarjeta Mercadona',
  'Compra tarjeta El Corte Inglés',
  'Compra tarjeta Amazon',
  'Compra tarjeta Repsol',
  'Retirada cajero',
  'Ingreso en efectivo',
  'Comisión mantenimiento',
  'Liquidación intereses',
  'Adeudo seguro hogar',
  'Devolución tarjeta',
  'Cuota gimnasio',
];
const LIABILITY_DESCRIPTIONS = [
  'Cuota préstamo',
  'Amortización anticipada',
  'Intereses préstamo',
  'Comisión apertura',
];
const FUNDS = [
  ['Fondo Indexado Global', 'FI'],
  ['Renta Fija Corto Plazo', 'FI'],
  ['Bolsa Europea', 'FI'],
  ['MSCI World ETF', 'ETF'],
  ['S&P 500 ETF', 'ETF'],
  ['Iberdrola', 'VI'],
  ['Inditex', 'VI'],
  ['Telefónica', 'VI'],
  ['Banco Santander', 'VI'],
  ['Plan de Pensiones Mixto', 'PP'],
  ['Letras del Tesoro 12M', 'L'],
  ['Fondo Monetario', 'FI'],
];

const textArray = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]::text[]`;
/** A non-negative pseudo-random integer from a key and a stream number: the same run, the same data. */
const h = (key: string, stream: number) =>
  `(hashint8extended((${key})::bigint, ${stream}) & 2147483647)::int`;
const pick = (values: readonly string[], key: string, stream: number) =>
  `(${textArray(values)})[1 + ${h(key, stream)} % ${values.length}]`;

/** Temporary tables that fix every row's id, owner and size before anything is inserted. */
function planStatements(): [string, string][] {
  const name = `${pick(FIRST_NAMES, 'i', 1)} || ' ' || ${pick(SURNAMES, 'i', 2)} || ' ' || ${pick(SURNAMES, 'i', 3)}`;
  return [
    ['plan reset', 'drop table if exists plan_clients, plan_credentials, plan_products, plan_investments'],
    [
      'plan clients',
      `create temp table plan_clients as
       select i, gen_random_uuid() as id, ${name} as name,
              ${pick(BANKS, 'i', 4)} as bank, ${pick(BROKERS, 'i', 5)} as broker,
              lpad((${h('i', 6)} % 100000000)::text, 8, '0') || substr('TRWAGMYFPDXBNJZSQVHLCKE', 1 + ${h('i', 7)} % 23, 1) as document,
              timestamptz '2026-11-20 09:00:00+00' - make_interval(days => ${h('i', 8)} % 1500, secs => ${h('i', 9)} % 86400) as created_at
       from generate_series(1, ${CLIENTS}) as i`,
    ],
    [
      'plan credentials',
      `create temp table plan_credentials as
       select c.i, k.kind, gen_random_uuid() as id, gen_random_uuid() as holder_id,
              case k.kind when 'bank' then c.bank else c.broker end as entity_id
       from plan_clients c cross join (values ('bank'), ('broker')) as k (kind)`,
    ],
    // p: a stable number per product (client * 4 + slot) that seeds its values and its size.
    // Accounts 1 and 2 and an optional loan come through the bank; the portfolio through the broker.
    // Sizes: one busy account (20,000 movements) per 1,000 clients, other accounts 40–369 (about 205),
    // loans 12–71; in all about 4.5M movements for 10,000 clients.
    [
      'plan products',
      `create temp table plan_products as
       select s.i * 4 + s.slot as p, gen_random_uuid() as id, s.i, s.slot, s.kind, cr.id as credentials_id,
              cr.holder_id, cr.entity_id,
              case when s.kind = 'account' and s.slot = 0 and s.i % 1000 = 1 then 20000
                   when s.kind = 'account' then 40 + ${h('s.i * 4 + s.slot', 10)} % 330
                   when s.kind = 'liability' then 12 + ${h('s.i * 4 + s.slot', 10)} % 60
                   else 0 end as movements
       from (select i, slot, case when slot < 2 then 'account' when slot = 2 then 'liability' else 'portfolio' end as kind
             from generate_series(1, ${CLIENTS}) as i cross join generate_series(0, 3) as slot) as s
       join plan_credentials cr on cr.i = s.i and cr.kind = case s.kind when 'portfolio' then 'broker' else 'bank' end
       where s.kind <> 'liability' or ${h('s.i', 11)} % 2 = 0`,
    ],
    // Four investments per portfolio with 5–20 movements each: about 0.5M for 10,000 clients.
    [
      'plan investments',
      `create temp table plan_investments as
       select pp.p * 8 + k as q, gen_random_uuid() as id, pp.id as portfolio_id, pp.p, k,
              1 + ${h('pp.p * 8 + k', 12)} % ${FUNDS.length} as fund, 5 + ${h('pp.p * 8 + k', 13)} % 16 as movements
       from plan_products pp cross join generate_series(1, 4) as k
       where pp.kind = 'portfolio'`,
    ],
    ['plan analyze', 'analyze plan_clients, plan_credentials, plan_products, plan_investments'],
  ];
}

function tenantStatements(companyId: string): [string, string][] {
  const company = literal(companyId);
  const fundNames = textArray(FUNDS.map(([fundName]) => fundName as string));
  const fundTypes = textArray(FUNDS.map(([, type]) => type as string));
  /** Movements of one product, oldest first, spread over three years up to 2026-11-20. */
  const date = (count: string) => `(date '2026-11-20' - ((${count} - g) * 1095 / ${count})::int)`;
  const chunks = 10;
  const statements: [string, string][] = [
    [
      'clients',
      `insert into clients (id, company_id, name, alias, entity_ids, created_at, updated_at)
       select id, ${company}, name, 'BW-' || lpad(i::text, 6, '0'), array[bank, broker], created_at, created_at
       from plan_clients order by i`,
    ],
    [
      'credentials',
      `insert into credentials (id, company_id, token, entity_id, client_id, login, status, last_update,
                                last_success_at, update_time_ms, created_at, updated_at)
       select cr.id, ${company}, encode(sha256(convert_to(cr.id::text, 'UTF8')), 'hex'), cr.entity_id, c.id,
              c.document, 'ok', timestamptz '2026-11-20 06:00:00+00', timestamptz '2026-11-20 06:00:00+00',
              2000 + ${h('cr.i * 2', 14)} % 30000, c.created_at, c.created_at
       from plan_credentials cr join plan_clients c using (i)`,
    ],
    [
      'holders',
      `insert into holders (id, company_id, credentials_id, external_id, name, document, email)
       select cr.holder_id, ${company}, cr.id, 'H1', c.name, c.document,
              'cliente' || lpad(c.i::text, 6, '0') || '@correo.test'
       from plan_credentials cr join plan_clients c using (i)`,
    ],
    [
      'products',
      `insert into products (id, company_id, client_id, credentials_id, entity_id, kind, external_id, name, alias,
                             currency, balance, iban, portfolio_type, liability_type, capital_initial,
                             capital_available, opening_date, expiration_date, created_at, updated_at)
       select pp.id, ${company}, c.id, pp.credentials_id, pp.entity_id, pp.kind, pp.kind || '-' || pp.p,
              case pp.kind when 'account' then (array['Cuenta Nómina', 'Cuenta Ahorro', 'Cuenta Online'])[1 + ${h('pp.p', 15)} % 3]
                           when 'liability' then (array['Préstamo Personal', 'Hipoteca', 'Línea de Crédito'])[1 + ${h('pp.p', 15)} % 3]
                           else (array['Cartera Fondos', 'Cartera Valores', 'Plan de Pensiones'])[1 + ${h('pp.p', 15)} % 3] end,
              case when ${h('pp.p', 16)} % 4 = 0 then 'Principal ' || pp.slot end,
              'EUR',
              case pp.kind when 'liability' then -(${h('pp.p', 17)} % 20000000) / 100.0 else (${h('pp.p', 17)} % 25000000) / 100.0 end,
              case when pp.kind = 'account' then 'ES' || lpad((${h('pp.p', 18)} % 100)::text, 2, '0')
                   || lpad((${h('pp.p', 19)} % 10000)::text, 4, '0') || lpad((${h('pp.p', 20)} % 100000000)::text, 8, '0')
                   || lpad((${h('pp.p', 21)} % 100000000)::text, 8, '0') end,
              case when pp.kind = 'portfolio' then (array['F', 'FI', 'MIX', 'PP', 'S'])[1 + ${h('pp.p', 22)} % 5] end,
              case when pp.kind = 'liability' then (array['Loan', 'Loan', 'Credit', 'Confirming'])[1 + ${h('pp.p', 22)} % 4] end,
              case when pp.kind = 'liability' then (10000 + ${h('pp.p', 23)} % 290000)::numeric end,
              case when pp.kind = 'liability' then (${h('pp.p', 24)} % 10000)::numeric end,
              case when pp.kind = 'liability' then date '2026-11-20' - (365 + ${h('pp.p', 25)} % 3000) end,
              case when pp.kind = 'liability' then date '2026-11-20' + (365 + ${h('pp.p', 26)} % 9000) end,
              c.created_at, c.created_at
       from plan_products pp join plan_clients c using (i)
       order by pp.p`,
    ],
    [
      'product_holders',
      `insert into product_holders (product_id, holder_id, relation)
       select id, holder_id, 'owner' from plan_products`,
    ],
    [
      'investments',
      `insert into investments (id, company_id, portfolio_id, external_id, name, isin, type, amount, balance,
                                currency, ref_account)
       select pi.id, ${company}, pi.portfolio_id, 'INV-' || pi.k, (${fundNames})[pi.fund],
              case when (${fundTypes})[pi.fund] <> 'L' then (array['ES', 'IE', 'LU', 'US'])[1 + ${h('pi.q', 27)} % 4]
                   || lpad((${h('pi.q', 28)} % 1000000000)::text, 9, '0') || (${h('pi.q', 29)} % 10)::text end,
              (${fundTypes})[pi.fund], (${h('pi.q', 30)} % 100000000) / 10000.0, (${h('pi.q', 31)} % 10000000) / 100.0,
              'EUR', null
       from plan_investments pi order by pi.q`,
    ],
  ];
  // Inserted in chunks of products, each in date order, so a product's movements are spread over the
  // heap as a daily refresh would leave them (not packed together, which would flatter the reads).
  for (let chunk = 0; chunk < chunks; chunk++) {
    statements.push([
      `product_transactions ${chunk + 1}/${chunks}`,
      `insert into product_transactions (company_id, product_id, external_id, operation_date, value_date, amount,
                                         balance, description)
       select ${company}, pp.id, 'T' || lpad(g::text, 6, '0'), ${date('pp.movements')},
              ${date('pp.movements')} + (${h('pp.p::bigint * 100000 + g', 32)} % 3)::int,
              case when pp.kind = 'liability' then -(20000 + ${h('pp.p::bigint * 100000 + g', 33)} % 100000) / 100.0
                   else ((${h('pp.p::bigint * 100000 + g', 33)} % 300000) - 180000) / 100.0 end,
              (${h('pp.p::bigint * 100000 + g', 34)} % 5000000) / 100.0,
              case when pp.kind = 'liability' then ${pick(LIABILITY_DESCRIPTIONS, 'pp.p::bigint * 100000 + g', 35)}
                   else ${pick(ACCOUNT_DESCRIPTIONS, 'pp.p::bigint * 100000 + g', 35)} end
       from plan_products pp cross join lateral generate_series(1, pp.movements) as g
       where pp.movements > 0 and pp.i % ${chunks} = ${chunk}
       order by 4, pp.p, g`,
    ]);
  }
  for (let chunk = 0; chunk < 2; chunk++) {
    statements.push([
      `investment_transactions ${chunk + 1}/2`,
      `insert into investment_transactions (company_id, portfolio_id, investment_id, external_id, operation_date,
                                            value_date, amount, net_cash, type, description)
       select ${company}, pi.portfolio_id, pi.id, 'M' || lpad(g::text, 4, '0'), ${date('pi.movements')},
              ${date('pi.movements')} + 2,
              (${h('pi.q::bigint * 1000 + g', 36)} % 10000000) / 10000.0,
              case when t.code = 9 then 1 else -1 end * (${h('pi.q::bigint * 1000 + g', 37)} % 1000000) / 100.0,
              t.code,
              case t.code when 8 then 'Suscripción' when 9 then 'Reembolso' when 33 then 'Dividendo' else 'Intereses' end
       from plan_investments pi cross join lateral generate_series(1, pi.movements) as g
       cross join lateral (select (array[8, 8, 8, 9, 33, 34])[1 + ${h('pi.q::bigint * 1000 + g', 38)} % 6]::smallint as code) as t
       where pi.q % 2 = ${chunk}
       order by 5, pi.q, g`,
    ]);
  }
  return statements;
}

interface Marker extends TenantCounts {
  companyId: string;
  clients: number;
}

async function readMarker(db: Kysely<Database>): Promise<Marker | null> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', MARKER_KEY)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as Marker) : null;
}

function sameCounts(a: TenantCounts, b: TenantCounts): boolean {
  return (Object.keys(b) as (keyof TenantCounts)[]).every((key) => a[key] === b[key]);
}

function printCounts(counts: TenantCounts) {
  console.log('');
  for (const [table, count] of Object.entries(counts)) {
    console.log(`  ${table.padEnd(26)}${count.toLocaleString('en').padStart(12)}`);
  }
  const transactions = counts.product_transactions + counts.investment_transactions;
  console.log(`  ${'transactions in all'.padEnd(26)}${transactions.toLocaleString('en').padStart(12)}`);
}

function elapsed(): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

// Last, so every constant above is initialised before it runs.
const started = performance.now();
const target = await openBenchDatabase({ pgliteDir: args.pglite ?? null });
const { db } = target.handle;
console.log(`Large tenant "${BENCH_COMPANY}" (${CLIENTS} clients) in ${target.label}`);

try {
  await seedInstitutions(db);
  const existing = await findBenchCompany(db);
  if (existing && !args.reset) {
    const marker = await readMarker(db);
    const counts = await countTenantRows(db, existing.id);
    if (
      marker &&
      marker.companyId === existing.id &&
      marker.clients === CLIENTS &&
      sameCounts(marker, counts)
    ) {
      printCounts(counts);
      console.log(`\nAlready generated; nothing to do (--reset generates it again). ${elapsed()}`);
      process.exitCode = 0;
    } else {
      console.log('Found an incomplete or different tenant: deleting it and generating again.');
      await deleteTenant(db, existing.id);
      await generate(db, target.handle.kind);
    }
  } else {
    if (existing) {
      console.log('--reset: deleting the tenant.');
      await deleteTenant(db, existing.id);
    }
    await generate(db, target.handle.kind);
  }
} finally {
  await target.handle.close();
}
