import { funnel } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { findCompanyLink, findLinkFunnel } from './funnel.repository';

export function registerGetLinkFunnel(app: FastifyInstance) {
  registerCall(app, funnel.getLinkFunnel, async ({ input, actor, db, clock, config }) => {
    const link = await findCompanyLink(db, actor.companyId, input.token);
    if (!link) throw new AppError('NotFound', 'No such Link');
    const scope = { companyId: actor.companyId, linkId: link.id, linkName: link.name };
    return findLinkFunnel(db, scope, input.days, clock(), config.funnelIdleSeconds * 1000);
  });
}
