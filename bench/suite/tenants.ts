// The two companies the suite loads at once: the large tenant (bench/large-tenant.ts) and a small rival
// company made here, plus samples of their ids for the calls and for checking every answer.
import { MODULES } from '@caudal/contract';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/database';
import { createCompany, createUser } from '../../apps/api/src/features/seed/factories';
import { signIn } from '../lib/api';
import { BENCH_COMPANY, BENCH_PASSWORD, BENCH_USERNAME } from '../lib/tenant';

export const RIVAL_COMPANY = 'Suite Rival';
export const RIVAL_USERNAME = 'rival';
export const RIVAL_PASSWORD = 'SuiteRival1!';
/** Every rival client's alias starts with this, and no large-tenant alias does. */
export const RIVAL_ALIAS_PREFIX = 'RV-';
const RIVAL_CLIENTS = 60;

export interface Tenant {
  label: string;
  company: string;
  username: string;
  password: string;
  companyId: string;
  clientIds: string[];
  accounts: { client_id: string; product_id: string }[];
  banks: string[];
  /** Ids of the tenant's clients, products and credentials: none may appear in the other's answers. */
  ids: Set<string>;
  /** Whether a client alias is one of this tenant's (the check for clients created during the load). */
  ownsAlias(alias: string): boolean;
}

export async function loadTenant(databaseUrl: string, company: string): Promise<Tenant> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query<{ id: string }>(
      'select id from companies where lower(name) = lower($1)',
      [company],
    );
    const companyId = found.rows[0]?.id;
    if (!companyId) throw new Error(`No company "${company}"`);
    const column = async (text: string) =>
      (await client.query<{ id: string }>(text, [companyId])).rows.map((row) => row.id);
    const clientIds = await column('select id::text as id from clients where company_id = $1');
    const productIds = await column('select id::text as id from products where company_id = $1');
    const credentialIds = await column(
      'select id::text as id from credentials where company_id = $1 union all select token from credentials where company_id = $1',
    );
    const accounts = (
      await client.query<{ client_id: string; product_id: string }>(
        `select client_id::text, id::text as product_id from products
          where company_id = $1 and kind = 'account' and client_id is not null order by id limit 500`,
        [companyId],
      )
    ).rows;
    const banks = await column('select distinct entity_id as id from credentials where company_id = $1');
    const isRival = company === RIVAL_COMPANY;
    return {
      label: isRival ? 'rival' : 'large',
      company,
      username: isRival ? RIVAL_USERNAME : BENCH_USERNAME,
      password: isRival ? RIVAL_PASSWORD : BENCH_PASSWORD,
      companyId,
      clientIds,
      accounts,
      banks,
      ids: new Set([...clientIds, ...productIds, ...credentialIds]),
      ownsAlias: (alias) => alias.startsWith(RIVAL_ALIAS_PREFIX) === isRival,
    };
  } finally {
    await client.end();
  }
}

/** A staff member's sign-in (in the tenant's company). */
export interface StaffMember {
  username: string;
  password: string;
}

/**
 * `count` staff members of the tenant's company (admins with every module, as the tenant's own user),
 * made once per database: `suite-staff-001`… Cheap password hashing, so signing them in costs little.
 */
export async function ensureStaff(
  databaseUrl: string,
  tenant: Tenant,
  count: number,
): Promise<StaffMember[]> {
  const members = Array.from({ length: count }, (_, index) => ({
    username: `suite-staff-${String(index + 1).padStart(3, '0')}`,
    password: SUITE_STAFF_PASSWORD,
  }));
  const handle = await openDatabase({ databaseUrl });
  try {
    const existing = new Set(
      (
        await handle.db
          .selectFrom('users')
          .select('username')
          .where('company_id', '=', tenant.companyId)
          .where('username', 'like', 'suite-staff-%')
          .execute()
      ).map((row) => row.username),
    );
    for (const member of members) {
      if (existing.has(member.username)) continue;
      await createUser(handle.db, {
        companyId: tenant.companyId,
        ...member,
        kind: 'staff',
        hashing: { memoryCost: 1024, timeCost: 1 },
      });
    }
  } finally {
    await handle.close();
  }
  return members;
}

const SUITE_STAFF_PASSWORD = 'SuiteStaff1!';

/**
 * A token per reader slot of a load over several tenants: slot `i` reads as tenant `i % tenants`
 * (load.ts), so its token is a staff member of that tenant, one person per slot. Per-user limits (the
 * export caps) then apply per person, as they do in the workload phase, not to every reader at once.
 */
export async function signInReaders(
  databaseUrl: string,
  base: string,
  tenants: readonly Tenant[],
  readers: number,
): Promise<string[]> {
  const perTenant = Math.ceil(readers / tenants.length);
  const staff = await Promise.all(tenants.map((tenant) => ensureStaff(databaseUrl, tenant, perTenant)));
  return Promise.all(
    Array.from({ length: readers }, (_, slot) => {
      const index = slot % tenants.length;
      const tenant = tenants[index] as Tenant;
      const member = staff[index]?.[Math.floor(slot / tenants.length)] as StaffMember;
      return signIn(base, { company: tenant.company, ...member });
    }),
  );
}

export async function loadLargeTenant(databaseUrl: string): Promise<Tenant> {
  return loadTenant(databaseUrl, BENCH_COMPANY);
}

/** The rival company with its staff user and some clients; made once per database. */
export async function ensureRivalTenant(databaseUrl: string): Promise<Tenant> {
  const handle = await openDatabase({ databaseUrl });
  try {
    const db = handle.db;
    const existing = await db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', RIVAL_COMPANY)
      .executeTakeFirst();
    if (!existing) {
      const company = await createCompany(db, { name: RIVAL_COMPANY, modules: MODULES });
      await createUser(db, {
        companyId: company.id,
        username: RIVAL_USERNAME,
        password: RIVAL_PASSWORD,
        kind: 'staff',
        hashing: { memoryCost: 1024, timeCost: 1 },
      });
      await db
        .insertInto('clients')
        .values(
          Array.from({ length: RIVAL_CLIENTS }, (_, index) => ({
            company_id: company.id,
            name: `Rival Client ${index + 1}`,
            alias: `${RIVAL_ALIAS_PREFIX}${String(index + 1).padStart(4, '0')}`,
          })),
        )
        .execute();
    }
  } finally {
    await handle.close();
  }
  return loadTenant(databaseUrl, RIVAL_COMPANY);
}
