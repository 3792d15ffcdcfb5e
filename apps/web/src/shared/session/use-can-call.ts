import { type CallContract, canCall } from '@caudal/contract/routes';
import { useSession } from './session-context';

/**
 * Whether the signed-in user may make this call, answered by the call's contract (the rule the API
 * enforces). Screens show an action only when its call is allowed: a portal user is never offered a
 * staff-only action, whose 403 would end their session.
 */
export function useCanCall(contract: Pick<CallContract, 'access'>): boolean {
  return canCall(useSession().identity, contract);
}
