import type { Identity } from '@caudal/contract/routes';

/**
 * Why a signed-in user has no section to land on: their company has no module at all (support must
 * enable one), or it has some and the user was given permission for none (an admin of the company
 * grants them on the Team page).
 */
export function emptyLandingReason(identity: Pick<Identity, 'modules' | 'permissions'>) {
  return identity.modules.length === 0 ? ('noModules' as const) : ('noPermissions' as const);
}
