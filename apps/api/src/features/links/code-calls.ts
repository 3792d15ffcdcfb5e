import { links } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, registerPublicCall } from '../../shared/http/register-call';
import { checkLinkCode, exchangeLinkCode } from './link-codes';
import { enforceLinkRateLimit } from './link-session';

export function registerLinkCodeCalls(app: FastifyInstance) {
  // Public: the visitor's browser has no session. It only looks, and is limited per IP.
  registerPublicCall(app, links.linkCallback, async ({ input, db, clock, request }) => {
    const now = clock();
    await enforceLinkRateLimit(db, request.ip, now);
    await checkLinkCode(db, input.code, now);
    return { success: true as const };
  });

  registerCall(app, links.exchangeLinkCode, ({ input, actor, db, clock }) =>
    exchangeLinkCode(db, { companyId: actor.companyId, code: input.code, now: clock() }),
  );
}
