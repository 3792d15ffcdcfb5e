// The cluster's load balancer: a small Fastify server forwarding every request with
// @fastify/reply-from (undici) to the next ready instance, round robin. Instances are checked actively
// (GET /ready every `intervalMs`) and passively (a refused connection takes one out at once); an
// instance is back in rotation after its next successful /ready.
import replyFrom from '@fastify/reply-from';
import Fastify from 'fastify';

const RESET_CODES = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

/**
 * @param {{ upstreams: { url: string }[], port: number, host?: string, intervalMs?: number,
 *   checkTimeoutMs?: number, log?: (line: string) => void }} options
 */
export async function startProxy({
  upstreams,
  port,
  host = '127.0.0.1',
  intervalMs = 1000,
  checkTimeoutMs = 1000,
  log = () => {},
}) {
  const states = upstreams.map((upstream) => ({ upstream, isReady: false, isLive: false }));
  let next = 0;

  /** The next ready instance after the last one used, skipping `tried`; null when none is ready. */
  const pick = (tried) => {
    for (let step = 0; step < states.length; step += 1) {
      const state = states[(next + step) % states.length];
      if (state.isReady && !tried.has(state)) {
        next = (states.indexOf(state) + 1) % states.length;
        return state;
      }
    }
    return null;
  };

  const markDown = (state, reason) => {
    if (state.isReady) log(`${state.upstream.url} out of rotation (${reason})`);
    state.isReady = false;
  };

  const check = async (state) => {
    const probe = async (path) => {
      try {
        const answer = await fetch(`${state.upstream.url}${path}`, {
          signal: AbortSignal.timeout(checkTimeoutMs),
        });
        await answer.body?.cancel();
        return answer.ok;
      } catch {
        return false;
      }
    };
    const [isLive, isReady] = await Promise.all([probe('/health'), probe('/ready')]);
    state.isLive = isLive;
    if (isReady && !state.isReady) log(`${state.upstream.url} in rotation`);
    if (!isReady) markDown(state, isLive ? '/ready failed' : 'not answering');
    state.isReady = isReady;
  };
  const checkAll = () => Promise.all(states.map(check));
  await checkAll();
  let checking = Promise.resolve();
  const timer = setInterval(() => {
    checking = checkAll();
  }, intervalMs);

  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 });
  // Bodies are kept as bytes, so a request refused by a dead instance can be sent to another one.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  await app.register(replyFrom, {
    undici: { connections: 128, headersTimeout: 60_000, bodyTimeout: 300_000 },
  });

  const forward = (request, reply, tried) => {
    const state = pick(tried);
    if (!state) {
      reply
        .code(503)
        .header('retry-after', '1')
        .send({ error: { code: 'ServiceUnavailable', message: 'No API instance is ready; retry shortly.' } });
      return;
    }
    tried.add(state);
    reply.from(`${state.upstream.url}${request.raw.url}`, {
      body: request.body ?? null,
      contentType: request.headers['content-type'] ?? 'application/octet-stream',
      // The proxy is the edge: the client's address replaces any X-Forwarded-For it sent (TRUST_PROXY).
      rewriteRequestHeaders: (incoming, headers) => ({
        ...headers,
        'x-forwarded-for': incoming.socket.remoteAddress ?? '',
        'x-forwarded-proto': 'http',
        'x-forwarded-host': incoming.headers.host ?? '',
      }),
      onError: (failed, { error }) => {
        const code = error.cause?.code ?? error.code;
        markDown(state, code ?? error.message);
        // Refused: the request never reached the instance, so any method is safe to send elsewhere. A
        // reset (the instance died holding the connection) is retried only for reads: a write may have
        // committed before the crash, so its client gets a retriable 503 and decides.
        const isRead = request.method === 'GET' || request.method === 'HEAD';
        if (code === 'ECONNREFUSED' || (isRead && RESET_CODES.has(code)))
          return forward(request, failed, tried);
        failed
          .code(503)
          .header('retry-after', '1')
          .send({ error: { code: 'ServiceUnavailable', message: 'The API instance failed; retry.' } });
      },
    });
  };
  app.all('/', (request, reply) => forward(request, reply, new Set()));
  app.all('/*', (request, reply) => forward(request, reply, new Set()));

  await app.listen({ port, host });
  // The bound port: `port` may be 0 (any free port, as the tests ask).
  const boundPort = app.server.address().port;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${boundPort}`,
    /** Each instance's last health: live (/health) and ready (/ready, in rotation). */
    states: () =>
      states.map((state) => ({ url: state.upstream.url, isLive: state.isLive, isReady: state.isReady })),
    /** Checks every instance now (after a restart) instead of waiting for the next interval. */
    checkNow: checkAll,
    async stop() {
      clearInterval(timer);
      await checking;
      await app.close();
    },
  };
}
