import type { Module } from '@caudal/contract';
import { createTenant, createUser, login, post, type TestApp } from '../../test/test-app';
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
