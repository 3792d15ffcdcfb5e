import { connections, links } from '@caudal/contract';
import type { TestApp } from '../../test/test-app';
import { publicCall } from '../connections/connections-fixtures';
import type { SignedInTenant } from '../wealth/wealth-fixtures';

export async function createLinkFor(tenant: SignedInTenant, body: Record<string, unknown> = {}) {
  const response = await tenant.call(links.createLink.path, {
    name: `Link ${Math.random().toString(36).slice(2, 10)}`,
    ...body,
  });
  if (response.statusCode !== 200) throw new Error(`create-link: ${response.statusCode} ${response.body}`);
  return links.createLink.response.parse(response.json());
}

export async function startSession(t: TestApp, linkToken: string, ip?: string, state?: string) {
  return publicCall(
    t,
    links.startLinkSession.path,
    { token: linkToken, language: 'en', ...(state === undefined ? {} : { state }) },
    ip,
  );
}

/**
 * A visitor connects a sandbox bank through the hosted Link page; answers the code of the redirect.
 * With `username: 'demo-sca'` it goes through the SCA step.
 */
export async function connectThroughLink(
  t: TestApp,
  linkToken: string,
  options: { username?: string; state?: string } = {},
) {
  const started = await startSession(t, linkToken, undefined, options.state);
  if (started.statusCode !== 200) throw new Error(`start-session: ${started.statusCode} ${started.body}`);
  const { connect_token: token } = links.startLinkSession.response.parse(started.json());
  let step = await publicCall(t, connections.submitConnectCredentials.path, {
    token,
    entity_id: 'santander',
    username: options.username ?? 'demo-ok',
    password: 'demo',
    accept_terms: true,
  });
  if (step.json().status === 'sca_required') {
    step = await publicCall(t, connections.submitConnectSca.path, { token, code: '123456' });
  }
  if (step.statusCode !== 200) throw new Error(`connect: ${step.statusCode} ${step.body}`);
  const redirect = new URL(step.json().redirect_to);
  return { redirect, code: redirect.searchParams.get('code') ?? '' };
}

export async function pendingCount(tenant: SignedInTenant, linkToken: string) {
  const response = await tenant.call(links.listLinks.path, {});
  const list = links.listLinks.response.parse(response.json());
  return list.find((link) => link.token === linkToken)?.pending_code_count;
}
