import {
  CATALOGUES,
  DEFAULT_LOCALE,
  isLocaleCode,
  LOCALE_CODES,
  LOCALE_COOKIE,
  type LocaleCode,
} from '@caudal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../db/errors';
import { sessionStartsBlockedFor } from './link-session';
import { findPublicLink, type PublicLink } from './links.repository';

/**
 * The hosted Link page's URL, answering 404 once the Link is gone. Its session call: start-link-session.ts.
 *
 * A page view is not counted against the visitor's Link budget: it serves the portal's app shell after
 * one indexed lookup, and the session start it leads to is what is limited (link-session.ts). It only
 * reads that budget: once spent, the page says so itself (429, `Retry-After`, in the visitor's language)
 * instead of loading an app whose first call would be refused.
 */
export function registerHostedLinkPage(app: FastifyInstance) {
  // The page itself is the portal's (index.html through the history fallback); only its status says
  // whether the Link exists, so a deleted Link's URL is a real 404 to browsers and crawlers alike.
  for (const prefix of [null, ...LOCALE_CODES]) {
    app.get<{ Params: { token: string } }>(
      `${prefix ? `/${prefix}` : ''}/link/:token`,
      async (request, reply) => {
        const { db, clock } = app.deps;
        let link: PublicLink | undefined;
        let blockedFor: number | null = null;
        try {
          link = await findPublicLink(db, request.params.token);
          blockedFor = link ? await sessionStartsBlockedFor(db, link, request.ip, clock()) : null;
        } catch (error) {
          if (!isDatabaseUnavailable(error)) throw error;
          // The database is away: the page itself still loads (a 503 to crawlers), in the visitor's
          // language, and its session call says so and tries again by itself, instead of the API's
          // JSON error in English on a customer's screen (QA).
          reply.code(503).header('Retry-After', String(PAGE_RETRY_AFTER_SECONDS));
          return sendFullPage(request, reply);
        }
        if (blockedFor !== null) return sendRateLimitedPage(request, reply, prefix, blockedFor);
        if (!link) {
          reply.code(404);
          return sendFullPage(request, reply);
        }
        return reply.callNotFound();
      },
    );
  }
}

/** How soon a Link page served while the database is away suggests asking again. */
const PAGE_RETRY_AFTER_SECONDS = 5;

/**
 * The portal's page with the status already set. A browser revalidating its cached page would get "304"
 * turned into an empty error page of its own: an error status always sends the full page.
 */
function sendFullPage(request: FastifyRequest, reply: FastifyReply) {
  delete request.raw.headers['if-none-match'];
  delete request.raw.headers['if-modified-since'];
  return reply.callNotFound();
}

/**
 * The language the portal would show the page in (apps/web/src/shared/i18n/locale.ts): the path's prefix,
 * else the locale cookie, else the browser's languages in order, else the default.
 */
export function hostedPageLanguage(
  prefix: LocaleCode | null,
  headers: { cookie?: string | undefined; 'accept-language'?: string | undefined },
): LocaleCode {
  if (prefix) return prefix;
  for (const part of (headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== LOCALE_COOKIE.name) continue;
    const value = rest.join('=');
    if (isLocaleCode(value)) return value;
  }
  for (const part of (headers['accept-language'] ?? '').split(',')) {
    const primary = part.trim().split(/[-;]/)[0]?.toLowerCase();
    if (isLocaleCode(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A small page of its own, readable on a phone (no sideways scroll at 320 px), no script needed. */
export function renderRateLimitedPage(language: LocaleCode, retryAfterSeconds: number, retryUrl: string) {
  const texts = CATALOGUES[language].connect;
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const text = (minutes === 1 ? texts.rateLimited.text_one : texts.rateLimited.text_other).replace(
    '{count}',
    String(minutes),
  );
  return `<!doctype html>
<html lang="${language}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(texts.rateLimited.title)}</title>
  <style>
    *, *::before, *::after { box-sizing: border-box; }
    body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 16px;
      line-height: 1.5; color: #191837; background: #f6f7fb; }
    main { width: 100%; max-width: 34rem; margin: 0 auto; padding: 48px 20px; overflow-wrap: anywhere; }
    h1 { margin: 0 0 12px; font-size: 26px; line-height: 1.25; }
    p { margin: 0 0 24px; }
    a { display: inline-block; padding: 10px 18px; border-radius: 8px; background: #e8eefc; color: #1f4fc4;
      font-weight: 600; text-decoration: none; }
  </style>
</head>
<body>
  <main>
    <h1>${escapeHtml(texts.rateLimited.title)}</h1>
    <p role="alert">${escapeHtml(text)}</p>
    <a href="${escapeHtml(retryUrl)}">${escapeHtml(texts.retry)}</a>
  </main>
</body>
</html>
`;
}

/** The page's own path, rebuilt (not echoed from the request): the retry link can only lead here. */
const pagePath = (prefix: LocaleCode | null, token: string) =>
  `${prefix ? `/${prefix}` : ''}/link/${encodeURIComponent(token)}`;

function sendRateLimitedPage(
  request: FastifyRequest<{ Params: { token: string } }>,
  reply: FastifyReply,
  prefix: LocaleCode | null,
  retryAfterSeconds: number,
) {
  const { token } = request.params;
  const language = hostedPageLanguage(prefix, {
    cookie: request.headers.cookie,
    'accept-language': request.headers['accept-language'],
  });
  reply.errorCode = 'RateLimited';
  return reply
    .code(429)
    .header('Retry-After', String(retryAfterSeconds))
    .header('Cache-Control', 'no-store')
    .header('Content-Language', language)
    .header('Vary', 'accept-language, cookie')
    .type('text/html; charset=utf-8')
    .send(renderRateLimitedPage(language, retryAfterSeconds, pagePath(prefix, token)));
}
