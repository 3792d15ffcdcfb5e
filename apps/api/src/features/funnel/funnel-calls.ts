import { funnel, INSTITUTION_HEALTH_DAYS } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { findCompanyLinkId, findInstitutionHealth, findLinkFunnel } from './funnel.repository';

export function registerFunnelCalls(app: FastifyInstance) {
  registerCall(app, funnel.getLinkFunnel, async ({ input, actor, db, clock }) => {
    const linkId = await findCompanyLinkId(db, actor.companyId, input.token);
    if (!linkId) throw new AppError('NotFound', 'No such Link');
    return findLinkFunnel(db, { companyId: actor.companyId, linkId }, input.days, clock());
  });
  registerCall(app, funnel.getInstitutionHealth, async ({ input, actor, db, clock }) => ({
    days: INSTITUTION_HEALTH_DAYS,
    institutions: await findInstitutionHealth(db, actor.companyId, clock(), input?.entity_id),
  }));
}
