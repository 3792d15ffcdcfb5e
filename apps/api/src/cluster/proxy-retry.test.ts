import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningProxy, startProxy } from '../../../../scripts/cluster/proxy.mjs';

/**
 * The cluster proxy's retry rule (scripts/cluster/proxy.mjs): a request that never reached an instance
 * (connection refused) goes to the next one whatever its method; a request that did reach an instance
 * that then died (connection reset) is sent again only when it is a read. A write may have committed
 * before the crash, so sending it again could apply it twice; its client gets a retriable 503.
 */
interface Upstream {
  url: string;
  server: Server;
  /** Requests other than the health checks, as `METHOD path`. */
  seen: string[];
}

const opened: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

async function startUpstream(answer: (request: IncomingMessage, response: ServerResponse) => void) {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    if (request.url === '/health' || request.url === '/ready') {
      response.end('{"status":"ok"}');
      return;
    }
    seen.push(`${request.method} ${request.url}`);
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const upstream: Upstream = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    seen,
  };
  opened.push({
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  });
  return upstream;
}

/** Dies holding the connection: reads the request, then resets the socket without answering. */
const crashing = () => startUpstream((request) => request.socket.destroy());
const healthy = () =>
  startUpstream((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ servedBy: 'healthy', method: request.method }));
  });

async function proxyTo(upstreams: Upstream[]): Promise<RunningProxy> {
  // A long interval: an instance taken out stays out until the test calls checkNow(). A generous check
  // timeout: on a machine busy with the rest of the suite, a 1 s check once left a healthy instance out
  // of rotation, and the request found none ready (503).
  const proxy = await startProxy({ upstreams, port: 0, intervalMs: 60_000, checkTimeoutMs: 15_000 });
  opened.unshift({ close: () => proxy.stop() });
  // Every test starts from all instances in rotation, so a failure names the rule, not a slow check.
  expect(proxy.states().map((state) => state.isReady)).toEqual(upstreams.map(() => true));
  return proxy;
}

describe('cluster proxy: which failed requests go to another instance', () => {
  it('sends a read again to the next instance when the first one dies holding it', async () => {
    const [dying, other] = [await crashing(), await healthy()];
    const proxy = await proxyTo([dying, other]);

    const answer = await fetch(`${proxy.url}/platform/me`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ servedBy: 'healthy', method: 'GET' });
    expect(dying.seen).toEqual(['GET /platform/me']);
    expect(other.seen).toEqual(['GET /platform/me']);
    // The dead instance left the rotation at once, without waiting for the next check.
    expect(proxy.states().map((state) => state.isReady)).toEqual([false, true]);
  });

  it('does not send a write again when the instance died holding it: the client gets a retriable 503', async () => {
    const [dying, other] = [await crashing(), await healthy()];
    const proxy = await proxyTo([dying, other]);

    const answer = await fetch(`${proxy.url}/platform/wealth/client-create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana' }),
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('ServiceUnavailable');
    expect(dying.seen).toEqual(['POST /platform/wealth/client-create']);
    expect(other.seen).toEqual([]);
  });

  it('sends a write to the next instance when the first one refused the connection (it never saw it)', async () => {
    const [gone, other] = [await healthy(), await healthy()];
    const proxy = await proxyTo([gone, other]);
    // Ready at the proxy's last check, gone now: the connection is refused.
    gone.server.closeAllConnections();
    await new Promise((resolve) => gone.server.close(resolve));

    const answer = await fetch(`${proxy.url}/platform/wealth/client-create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana' }),
    });
    expect(answer.status).toBe(200);
    expect(other.seen).toEqual(['POST /platform/wealth/client-create']);
    expect(proxy.states().map((state) => state.isReady)).toEqual([false, true]);
  });
});
