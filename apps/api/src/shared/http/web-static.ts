import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerNotFoundHandler } from './error-handler';
import { loadFirstScreenPreloads } from './first-screen-preloads';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves the built portal when it exists, with the history fallback to index.html. */
export async function registerWeb(
  app: FastifyInstance,
  options: { webRoot: string | null; rootRedirect: { to: string; status: number } | null },
) {
  if (options.rootRedirect) {
    const { to, status } = options.rootRedirect;
    app.get('/', (_request, reply) => reply.redirect(to, status));
  }
  const webRoot = options.webRoot;
  if (!webRoot || !existsSync(join(webRoot, 'index.html'))) {
    registerNotFoundHandler(app, null);
    return;
  }
  await app.register(fastifyStatic, {
    root: webRoot,
    cacheControl: false,
    // The build writes `.br` and `.gz` beside each text file (apps/web/build/precompress.ts): served by
    // Accept-Encoding, with `Vary: accept-encoding`, the plain file for clients that accept neither.
    preCompressed: true,
    // Hashed file names under /assets never change; index.html must always be revalidated.
    setHeaders: (reply, path) => {
      const isHashed = relative(webRoot, path).startsWith(`assets${sep}`);
      reply.header('Cache-Control', isHashed ? IMMUTABLE : NO_CACHE);
    },
  });
  const preloadsFor = loadFirstScreenPreloads(webRoot);
  const serveIndex = (reply: FastifyReply) => {
    const preloads = preloadsFor(reply.request.url.split('?')[0] ?? '/');
    if (preloads) reply.header('Link', preloads);
    return reply.header('Cache-Control', NO_CACHE).sendFile('index.html');
  };
  registerNotFoundHandler(app, serveIndex);
}
