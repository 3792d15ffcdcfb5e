import type { FastifyInstance } from 'fastify';
import { registerGetInstitutionHealth } from './get-institution-health';
import { registerGetLinkFunnel } from './get-link-funnel';

export { findTroubledInstitutions } from './funnel.repository';
export {
  type FunnelVisit,
  type RecordedStep,
  recordFunnelStep,
  recordInstitutionOutcome,
} from './record-funnel-step';

export function registerFunnelCalls(app: FastifyInstance) {
  registerGetLinkFunnel(app);
  registerGetInstitutionHealth(app);
}
