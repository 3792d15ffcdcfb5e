import { applications, DATA_API_TOKEN_PATH } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../test/test-app';
import type { SignedInTenant } from '../wealth/wealth-fixtures';

/** An application created through the portal's call, as staff do it. */
export async function createApplicationFor(
  tenant: SignedInTenant,
  name = `App ${Math.random().toString(36).slice(2, 8)}`,
) {
  const response = await tenant.call(applications.createApplication.path, { name });
  if (response.statusCode !== 200)
    throw new Error(`create-application: ${response.statusCode} ${response.body}`);
  return response.json<{ name: string; client_id: string; client_secret: string; created_at: string }>();
}

export function basicAuth(clientId: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value);
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString('base64')}`;
}

/**
 * POST to the token endpoint, form-encoded, with Basic (default) or body client authentication, from
 * inject's own address unless `remoteAddress` names another.
 */
export function requestToken(
  app: FastifyInstance,
  credentials: { clientId: string; secret: string },
  options: { via?: 'basic' | 'body'; form?: Record<string, string>; remoteAddress?: string } = {},
) {
  const via = options.via ?? 'basic';
  const form = new URLSearchParams({ grant_type: 'client_credentials', ...options.form });
  if (via === 'body') {
    form.set('client_id', credentials.clientId);
    form.set('client_secret', credentials.secret);
  }
  return app.inject({
    method: 'POST',
    url: DATA_API_TOKEN_PATH,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(via === 'basic' ? { authorization: basicAuth(credentials.clientId, credentials.secret) } : {}),
    },
    payload: form.toString(),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export async function getToken(t: TestApp, application: { client_id: string; client_secret: string }) {
  const response = await requestToken(t.app, {
    clientId: application.client_id,
    secret: application.client_secret,
  });
  if (response.statusCode !== 200) throw new Error(`token: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

export function dataGet(app: FastifyInstance, token: string | null, url: string) {
  return app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}
