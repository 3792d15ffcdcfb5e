import type { FastifyInstance } from 'fastify';
import { isApiPath } from './error-handler';

/** The origin of an absolute URL; null for '' or a path (those stay on 'self'). */
function originOf(url: string | null | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  return new URL(url).origin;
}

/** A year, as browsers' preload lists expect; subdomains too (the portal's API and Link hosts). */
const HSTS = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { oidcIssuer: string | null; apiBaseUrl?: string },
) {
  // The portal calls its own origin unless API_BASE_URL names another one, which it must then reach.
  const extraSources = [originOf(options.oidcIssuer), originOf(options.apiBaseUrl)].filter(
    (origin): origin is string => origin !== null,
  );
  const connectSources = ["'self'", ...new Set(extraSources)];
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
    // Only over HTTPS (RFC 6797): `request.protocol` reads X-Forwarded-Proto only with TRUST_PROXY.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    // Answers may hold tokens or tenant data: no shared cache may keep them.
    if (isApiPath(request.url.split('?')[0] ?? '/')) reply.header('Cache-Control', 'no-store');
  });
}
