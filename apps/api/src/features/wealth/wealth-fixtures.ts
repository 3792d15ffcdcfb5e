import type { Module } from '@caudal/contract';
import { expect } from 'vitest';
import { createTenant, createUser, login, post, type TestApp } from '../../test/test-app';
import { seedConnectionStates } from '../connections/demo-states';
import { seedDemoBook } from '../seed/demo-book';
import { createClient, createProduct } from '../seed/wealth-factories';

/** A company with a signed-in staff user, for the wealth tests. */
export async function signInTenant(t: TestApp, options: { modules?: readonly Module[] } = {}) {
  const tenant = await createTenant(t.db, options);
  const token = await login(t.app, tenant.credentials);
  const call = (path: string, payload: unknown = {}) => post(t.app, path, { token, payload });
  return { ...tenant, companyId: tenant.company.id, token, call };
}
export type SignedInTenant = Awaited<ReturnType<typeof signInTenant>>;

/** A portal user of the tenant's company, signed in; assignments apply from the next request on. */
export async function signInPortalUser(t: TestApp, tenant: SignedInTenant) {
  const portal = await createUser(t.db, { companyId: tenant.companyId, kind: 'portal' });
  const token = await login(t.app, {
    company: tenant.company.name,
    username: portal.user.username,
    password: portal.password,
  });
  return {
    userId: portal.user.id,
    call: (path: string, payload: unknown = {}) => post(t.app, path, { token, payload }),
  };
}

/**
 * A signed-in company holding the whole demo book (the same seed code as the demo) with every credential
 * state the demo shows, and its signed-in portal user: for tests that compare figures over it.
 */
export async function signInDemoBookTenant(t: TestApp) {
  const tenant = await signInTenant(t);
  const portal = await signInPortalUser(t, tenant);
  const book = await seedDemoBook(t.db, {
    companyId: tenant.companyId,
    portalUserId: portal.userId,
    now: t.clock(),
  });
  await seedConnectionStates(t.db, tenant.companyId, t.clock);
  return { tenant, portal, book };
}

/** A client with one account, one portfolio and one liability. */
export async function createClientWithProducts(t: TestApp, companyId: string, name?: string) {
  const client = await createClient(t.db, { companyId, ...(name ? { name } : {}) });
  const account = await createProduct(t.db, {
    companyId,
    clientId: client.id,
    kind: 'account',
    name: 'Cuenta',
  });
  const portfolio = await createProduct(t.db, {
    companyId,
    clientId: client.id,
    kind: 'portfolio',
    name: 'Cartera',
  });
  const liability = await createProduct(t.db, {
    companyId,
    clientId: client.id,
    kind: 'liability',
    name: 'Hipoteca',
  });
  return { client, account, portfolio, liability };
}

/**
 * Concurrent edits of one client's name, each with the name it replaced: they must form one line of
 * succession (each replaced what exactly one other edit wrote, or the original), and the client must
 * keep the one name no edit replaced.
 */
export async function expectOneLineOfSuccession(
  t: TestApp,
  clientId: string,
  original: string,
  edits: readonly { old: string | undefined; new: string }[],
) {
  const replaced = new Set(edits.map((edit) => edit.old));
  const kept = edits.map((edit) => edit.new).filter((name) => !replaced.has(name));
  expect(kept).toHaveLength(1);
  expect(edits.map((edit) => edit.old).sort()).toEqual(
    [original, ...edits.map((edit) => edit.new).filter((name) => name !== kept[0])].sort(),
  );
  const stored = await t.db
    .selectFrom('clients')
    .select('name')
    .where('id', '=', clientId)
    .executeTakeFirst();
  expect(stored?.name).toBe(kept[0]);
}
