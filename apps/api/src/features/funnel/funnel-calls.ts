import { funnel, INSTITUTION_HEALTH_DAYS } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { findCompanyLink, findInstitutionHealth, findLinkFunnel } from './funnel.repository';

export function registerFunnelCalls(app: FastifyInstance) {
  registerCall(app, funnel.getLinkFunnel, async ({ input, actor, db, clock, config }) => {
    const link = await findCompanyLink(db, actor.companyId, input.token);
    if (!link) throw new AppError('NotFound', 'No such Link');
    const scope = { companyId: actor.companyId, linkId: link.id, linkName: link.name };
    return findLinkFunnel(db, scope, input.days, clock(), config.funnelIdleSeconds * 1000);
  });
  registerCall(app, funnel.getInstitutionHealth, async ({ input, actor, db, clock }) => ({
    days: INSTITUTION_HEALTH_DAYS,
    institutions: await findInstitutionHealth(db, actor.companyId, clock(), input?.entity_id),
  }));
}
