import { links } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { enforceLinkRateLimit, startLinkSession } from './link-session';

/** The hosted Link page's session call: public, limited per IP. */
export function registerStartLinkSession(app: FastifyInstance) {
  registerPublicCall(app, links.startLinkSession, async ({ input, db, config, clock, request }) => {
    await enforceLinkRateLimit(db, request.ip, clock());
    return startLinkSession({ db, config, clock }, input);
  });
}
