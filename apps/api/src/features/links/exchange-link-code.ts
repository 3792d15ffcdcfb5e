import { links } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { exchangeLinkCode } from './link-codes';

export function registerExchangeLinkCode(app: FastifyInstance) {
  registerCall(app, links.exchangeLinkCode, ({ input, actor, db, clock }) =>
    exchangeLinkCode(db, { companyId: actor.companyId, code: input.code, now: clock() }),
  );
}
