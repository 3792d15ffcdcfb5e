import type { FastifyInstance } from 'fastify';
import { isApiPath } from './error-handler';

export function registerSecurityHeaders(app: FastifyInstance, options: { oidcIssuer: string | null }) {
  const connectSources = ["'self'", ...(options.oidcIssuer ? [new URL(options.oidcIssuer).origin] : [])];
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${connectSources.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Content-Security-Policy', policy);
    // Answers may hold tokens or tenant data: no shared cache may keep them.
    if (isApiPath(request.url.split('?')[0] ?? '/')) reply.header('Cache-Control', 'no-store');
  });
}
