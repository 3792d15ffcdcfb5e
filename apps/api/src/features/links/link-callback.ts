import { links } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { checkLinkCode } from './link-codes';
import { enforceLinkRateLimit } from './link-session';

export function registerLinkCallback(app: FastifyInstance) {
  // Public: the visitor's browser has no session. It only looks, and is limited per IP.
  registerPublicCall(app, links.linkCallback, async ({ input, db, clock, request }) => {
    const now = clock();
    await enforceLinkRateLimit(db, request.ip, now);
    await checkLinkCode(db, input.code, now);
    return { success: true as const };
  });
}
