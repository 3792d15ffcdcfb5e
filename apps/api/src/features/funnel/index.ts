export { findTroubledInstitutions } from './funnel.repository';
export { registerFunnelCalls } from './funnel-calls';
export {
  type FunnelVisit,
  type RecordedStep,
  recordFunnelStep,
  recordInstitutionOutcome,
} from './record-funnel-step';
