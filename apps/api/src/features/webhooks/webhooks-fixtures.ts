import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhooks } from '@caudal/contract';
import { loadSecretKey } from '../../shared/crypto/sealing';
import type { TestApp } from '../../test/test-app';
import type { SignedInTenant } from '../wealth/wealth-fixtures';
import type { AttemptDeps } from './attempt-delivery';

/** Loopback and http: the test's receiver listens on 127.0.0.1. */
export const WEBHOOK_TEST_ENV = { WEBHOOKS_ALLOW_HTTP: 'true', WEBHOOKS_ALLOW_LOOPBACK: 'true' };

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver: `/ok` answers 204, `/fail` 500, `/nul` 200 with a NUL, `/redirect` 302; it records every request. */
export async function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (request.url?.startsWith('/fail')) {
        response.statusCode = 500;
        response.end('receiver is down');
      } else if (request.url?.startsWith('/nul')) {
        // A receiver whose answer holds a NUL byte (PostgreSQL's text refuses it).
        response.statusCode = 200;
        response.end('ok\u0000nul');
      } else if (request.url?.startsWith('/redirect')) {
        response.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' });
        response.end();
      } else {
        response.statusCode = 204;
        response.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `signClock`: the real time, for a receiver that verifies (the library checks the timestamp). */
export async function attemptDepsFor(
  t: TestApp,
  clock: () => Date,
  signClock?: () => Date,
): Promise<AttemptDeps> {
  return {
    db: t.db,
    clock,
    signClock,
    key: await loadSecretKey(t.db, t.config.credentialsKey),
    policy: { ...t.config.webhooks },
    platformName: t.config.platformName,
  };
}

export async function createEndpointFor(
  tenant: SignedInTenant,
  clientId: string,
  url: string,
  eventTypes: readonly string[] = ['credentials.created', 'link.code_issued'],
) {
  const response = await tenant.call(webhooks.createEndpoint.path, {
    client_id: clientId,
    url,
    event_types: eventTypes,
  });
  if (response.statusCode !== 200)
    throw new Error(`create-endpoint: ${response.statusCode} ${response.body}`);
  return webhooks.createEndpoint.response.parse(response.json());
}
