import { LOCALE_CODES } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { enforceLinkRateLimit } from './link-session';
import { findPublicLink } from './links.repository';

/** The hosted Link page's URL, answering 404 once the Link is gone. Its session call: start-link-session.ts. */
export function registerHostedLinkPage(app: FastifyInstance) {
  // The page itself is the portal's (index.html through the history fallback); only its status says
  // whether the Link exists, so a deleted Link's URL is a real 404 to browsers and crawlers alike.
  for (const prefix of ['', ...LOCALE_CODES.map((locale) => `/${locale}`)]) {
    app.get<{ Params: { token: string } }>(`${prefix}/link/:token`, async (request, reply) => {
      const { db, clock } = app.deps;
      await enforceLinkRateLimit(db, request.ip, clock());
      const link = await findPublicLink(db, request.params.token);
      if (!link) {
        reply.code(404);
        // A browser revalidating its cached page would get "304" turned into an empty 404, which it
        // shows as its own error page: the gone Link's answer is always the full page.
        delete request.raw.headers['if-none-match'];
        delete request.raw.headers['if-modified-since'];
      }
      return reply.callNotFound();
    });
  }
}
