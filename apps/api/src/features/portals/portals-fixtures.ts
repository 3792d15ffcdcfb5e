import type { Module } from '@caudal/contract';
import { createTenant, createUser, login, post, type TestApp } from '../../test/test-app';

/** A company with a signed-in staff user. */
export async function signInStaff(t: TestApp, options: { modules?: readonly Module[] } = {}) {
  const tenant = await createTenant(t.db, options);
  const token = await login(t.app, tenant.credentials);
  const call = (path: string, payload: unknown = {}) => post(t.app, path, { token, payload });
  return { ...tenant, companyId: tenant.company.id, token, call };
}
export type SignedInStaff = Awaited<ReturnType<typeof signInStaff>>;

/** Signs in as a user of the staff member's company, the way the login form does. */
export async function signInAs(t: TestApp, staff: SignedInStaff, username: string, password: string) {
  const token = await login(t.app, { company: staff.company.name, username, password });
  return { token, call: (path: string, payload: unknown = {}) => post(t.app, path, { token, payload }) };
}

/** A portal user made directly in the database (the factory the seed uses), signed in. */
export async function createSignedInPortalUser(t: TestApp, staff: SignedInStaff) {
  const { user, password } = await createUser(t.db, { companyId: staff.companyId, kind: 'portal' });
  return { user, ...(await signInAs(t, staff, user.username, password)) };
}

export const STRONG_PASSWORD = 'Portal-Pass1';

/** A valid create-portal body; `overrides` change any field. */
export function portalForm(overrides: Record<string, unknown> = {}) {
  const tag = Math.random().toString(36).slice(2, 8);
  return {
    username: `portal-${tag}`,
    email: `portal-${tag}@caudal.test`,
    name: `Usuario ${tag}`,
    password: STRONG_PASSWORD,
    client_ids: [],
    ...overrides,
  };
}
