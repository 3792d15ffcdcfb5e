import type { Identity } from '../platform/identity';
import type { CallRoute } from './call-route';
import { PERMISSION_BY_MODULE } from './modules';

/**
 * Whether this identity may make the call, read from the call's own `access`: the same rule the API's
 * guard enforces (staff only, module enabled, its permission). The portal shows an action only when its
 * call would be allowed, so a portal user is never offered one that answers 403 (which ends a session).
 */
/** What `canCall` reads of an identity: enough to be remembered between page loads (web's token store). */
export type CallerAccess = Pick<Identity, 'modules' | 'permissions'> & {
  user: Pick<Identity['user'], 'kind'>;
};

export function canCall(identity: CallerAccess, contract: Pick<CallRoute, 'access'>): boolean {
  const access = contract.access;
  if (access.kind === 'public') return true;
  if (access.staffOnly && identity.user.kind !== 'staff') return false;
  if (access.module) {
    return (
      identity.modules.includes(access.module) &&
      identity.permissions.includes(PERMISSION_BY_MODULE[access.module])
    );
  }
  return true;
}
