import { funnel, INSTITUTION_HEALTH_DAYS } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { findInstitutionHealth } from './funnel.repository';

export function registerGetInstitutionHealth(app: FastifyInstance) {
  registerCall(app, funnel.getInstitutionHealth, async ({ input, actor, db, clock }) => ({
    days: INSTITUTION_HEALTH_DAYS,
    institutions: await findInstitutionHealth(db, actor.companyId, clock(), input?.entity_id),
  }));
}
