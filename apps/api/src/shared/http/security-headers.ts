import { DATA_API_REFERENCE_PATH } from '@caudal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../app-error';
import { isApiPath } from './error-handler';

/** The origin of an absolute URL; null for '' or a path (those stay on 'self'). */
function originOf(url: string | null | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  return new URL(url).origin;
}

/** A year, as browsers' preload lists expect; subdomains too (the portal's API and Link hosts). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** A plain host name, IPv4 or bracketed IPv6, with an optional port: nothing that could end a directive. */
const PLAIN_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Where the portal's pages may load images and fonts from: `data:` and the page's own static files
 * (the hashed build under /assets/ and the favicon), never an API path. 'self' would let CSS on a hosted
 * page (the company's custom CSS, or a rule the sanitiser missed) request any same-origin URL, and a
 * URL with a side effect (a single-use download) is a channel (issue 21, decision 0023). CSP sources
 * carry paths only with a host, so they are built per request from the request's own host, taken only
 * when it is a plain host name; otherwise the page gets `data:` alone.
 */
export function pageMediaSources(request: Pick<FastifyRequest, 'protocol' | 'host'>): {
  img: string[];
  font: string[];
} {
  const host = request.host;
  if (!PLAIN_HOST.test(host)) return { img: ['data:'], font: ['data:'] };
  const origin = `${request.protocol}://${host.toLowerCase()}`;
  return {
    img: ['data:', `${origin}/assets/`, `${origin}/favicon.svg`],
    font: ['data:', `${origin}/assets/`],
  };
}

/**
 * What a browser says it loads the response as (`Sec-Fetch-Dest`) that an API path answers: a page
 * (a download link followed, the API reference), or a script's fetch (`empty`). A request without the
 * header (not a browser, or not over a secure origin) is answered as before.
 */
const API_DESTINATIONS = new Set(['document', 'empty']);
/** API paths that are static files loaded by a page (the data API reference's own script, style, icon). */
const STATIC_API_PREFIXES = [`${DATA_API_REFERENCE_PATH}/`];

/**
 * An API path loaded as a font, image, style, script, audio, video… is refused before any handler runs,
 * so it can have no effect: a single-use download token is not spent by a stylesheet's font, whatever
 * the page's CSS or CSP say (issue 21). `path` is the route that matched (the router decodes `%70` to
 * `p`, so the raw URL is not what decides which handler runs), or the raw path when none did.
 */
export function isRefusedFetchDestination(path: string, destination: string | undefined): boolean {
  if (destination === undefined || API_DESTINATIONS.has(destination.toLowerCase())) return false;
  if (!isApiPath(path)) return false;
  return !STATIC_API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { oidcIssuer: string | null; apiBaseUrl?: string },
) {
  // The portal calls its own origin unless API_BASE_URL names another one, which it must then reach.
  const extraSources = [originOf(options.oidcIssuer), originOf(options.apiBaseUrl)].filter(
    (origin): origin is string => origin !== null,
  );
  const connectSources = ["'self'", ...new Set(extraSources)];
  const policyWith = (media: { img: string[]; font: string[] }) =>
    [
      "default-src 'self'",
      "script-src 'self'",
      // Inline styles: the company's custom CSS on the hosted pages, Mantine's and CodeMirror's styles.
      "style-src 'self' 'unsafe-inline'",
      `img-src ${media.img.join(' ')}`,
      `font-src ${media.font.join(' ')}`,
      `connect-src ${connectSources.join(' ')}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join('; ');
  // API answers (JSON, the data API reference page and its files) keep 'self': no custom CSS runs there.
  const apiPolicy = policyWith({ img: ["'self'", 'data:'], font: ["'self'", 'data:'] });

  // Callback hooks, not async ones: every request passes through both, and an async hook costs a
  // promise and a microtask turn each (bench/README.md, issue 32).
  app.addHook('onRequest', (request, _reply, done) => {
    const destination = request.headers['sec-fetch-dest'] as string | undefined;
    const path =
      destination === undefined ? '' : (request.routeOptions.url ?? request.url.split('?')[0] ?? '/');
    if (destination !== undefined && isRefusedFetchDestination(path, destination)) {
      return done(
        new AppError('FetchDestinationRefused', 'An API path is not a font, image, style or script'),
      );
    }
    done();
  });

  // The headers every answer carries, built once; an API answer's set is complete as it is.
  const commonHeaders = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  // Answers may hold tokens or tenant data: no shared cache may keep them.
  const apiHeaders = { ...commonHeaders, 'Content-Security-Policy': apiPolicy, 'Cache-Control': 'no-store' };
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    const isApi = (route !== undefined && isApiPath(route)) || isApiPath(request.url.split('?')[0] ?? '/');
    if (isApi) reply.headers(apiHeaders);
    else {
      reply.headers(commonHeaders);
      reply.header('Content-Security-Policy', policyWith(pageMediaSources(request)));
    }
    // Only over HTTPS (RFC 6797): `request.protocol` reads X-Forwarded-Proto only with TRUST_PROXY.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done(null, payload);
  });
}
