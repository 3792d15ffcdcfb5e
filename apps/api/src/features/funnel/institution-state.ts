import { INSTITUTION_STATE_RULES, type InstitutionState } from '@caudal/contract';

/**
 * The state an institution's recent outcomes give (decision 0034): `down` when nearly all of them are the
 * institution's own failures, `degraded` when a fair share is, else operational. Wrong passwords, blocked
 * users and SCA prompts are the visitor's side and never count against the institution.
 */
export function deriveInstitutionState(recent: number, down: number): InstitutionState {
  const rules = INSTITUTION_STATE_RULES;
  if (recent === 0) return 'operational';
  const share = down / recent;
  if (down >= rules.downMinCount && share >= rules.downMinShare) return 'down';
  if (down >= rules.degradedMinCount && share >= rules.degradedMinShare) return 'degraded';
  return 'operational';
}
