import type { CallRoute } from './call-route';
import { type Module, PERMISSION_BY_MODULE, type Permission } from './modules';

/** What canCall reads of the signed-in identity (platform's Identity is one). */
export interface CallerGrants {
  user: { kind: 'staff' | 'portal'; role?: 'admin' | 'member' | null };
  modules: readonly Module[];
  permissions: readonly Permission[];
}

/**
 * Whether this identity may make the call, read from the call's own `access`: the same rule the API's
 * guard enforces (staff only, module enabled, its permission). The portal shows an action only when its
 * call would be allowed, so a portal user is never offered one that answers 403 (which ends a session).
 */
export function canCall(identity: CallerGrants, contract: Pick<CallRoute, 'access'>): boolean {
  const access = contract.access;
  if (access.kind === 'public') return true;
  if (access.staffOnly && identity.user.kind !== 'staff') return false;
  if (access.adminOnly && identity.user.role !== 'admin') return false;
  if (access.module) {
    return (
      identity.modules.includes(access.module) &&
      identity.permissions.includes(PERMISSION_BY_MODULE[access.module])
    );
  }
  return true;
}
