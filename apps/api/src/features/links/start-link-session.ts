import { links } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { startLinkSession } from './link-session';

/** The hosted Link page's session call: public, limited per visitor address and company (link-session.ts). */
export function registerStartLinkSession(app: FastifyInstance) {
  registerPublicCall(app, links.startLinkSession, async ({ input, db, config, clock, request }) =>
    startLinkSession({ db, config, clock }, input, { ip: request.ip }),
  );
}
