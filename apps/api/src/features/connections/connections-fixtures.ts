import { randomBytes } from 'node:crypto';
import { connections } from '@caudal/contract';
import { loadSecretKey } from '../../shared/crypto/sealing';
import { login, post, type TestApp } from '../../test/test-app';
import type { SignedInTenant } from '../wealth/wealth-fixtures';
import type { RefreshDeps } from './refresh';

/** A hosted-page call from its own IP, so the per-IP limit never couples tests. */
export function publicCall(t: TestApp, path: string, payload: unknown, ip?: string) {
  return t.app.inject({
    method: 'POST',
    url: path,
    payload: payload as Record<string, unknown>,
    remoteAddress: ip ?? `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`,
  });
}

export async function createLink(tenant: SignedInTenant, body: Record<string, unknown> = {}) {
  const response = await tenant.call(connections.createConnectLink.path, {
    redirect_uri: '/es/wealth/connections?fromlink=true',
    ...body,
  });
  if (response.statusCode !== 200)
    throw new Error(`create-connect-link: ${response.statusCode} ${response.body}`);
  return connections.createConnectLink.response.parse(response.json());
}

export function submit(
  t: TestApp,
  token: string,
  body: { username: string; password: string; entity_id?: string },
) {
  return publicCall(t, connections.submitConnectCredentials.path, {
    token,
    entity_id: 'santander',
    accept_terms: true,
    ...body,
  });
}

/** Connects through the hosted flow and answers the new credentials_token. */
export async function connect(
  t: TestApp,
  tenant: SignedInTenant,
  options: { username?: string; clientId?: string; entityId?: string } = {},
) {
  const link = await createLink(tenant, options.clientId ? { client_id: options.clientId } : {});
  const response = await submit(t, link.token, {
    username: options.username ?? 'demo-ok',
    password: 'demo',
    ...(options.entityId ? { entity_id: options.entityId } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`submit: ${response.statusCode} ${response.body}`);
  const step = response.json();
  const redirect = new URL(step.redirect_to);
  const credentialsToken = redirect.searchParams.get('credentials_token') ?? '';
  return { credentialsToken, redirect, link };
}

export async function refreshDeps(t: TestApp): Promise<RefreshDeps> {
  return { db: t.db, clock: t.clock, key: await loadSecretKey(t.db, t.config.credentialsKey) };
}

export async function credentialRow(t: TestApp, token: string) {
  return t.db.selectFrom('credentials').selectAll().where('token', '=', token).executeTakeFirstOrThrow();
}

export async function informationOf(tenant: SignedInTenant, token: string) {
  const response = await tenant.call(connections.getCredentialsInformation.path, {});
  const list = connections.getCredentialsInformation.response.parse(response.json());
  return list.find((item) => item.credentials_token === token);
}

/** Sessions idle out after 30 min: a test that moves the clock by hours signs in again. */
export async function signInAgain(t: TestApp, tenant: SignedInTenant): Promise<SignedInTenant> {
  const token = await login(t.app, tenant.credentials);
  return {
    ...tenant,
    token,
    call: (path: string, payload: unknown = {}) => post(t.app, path, { token, payload }),
  };
}
