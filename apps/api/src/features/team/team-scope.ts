import type { Actor } from '../../shared/auth/actor';
import type { TeamScope } from './team';

/** The team of the admin's own company, never another: the scope comes from the session alone. */
export function scopeOf(actor: Actor): TeamScope {
  return { companyId: actor.companyId, actorUserId: actor.userId };
}
