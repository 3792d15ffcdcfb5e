import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../shared/auth/actor';
import { registerCall, registerListCall } from '../../shared/http/register-call';
import { getCompanyLanguage, setCompanyLanguage } from './company-language';
import {
  deleteStaff,
  disableStaff,
  enableStaff,
  inviteStaff,
  listStaff,
  resendInvitation,
  revokeInvitation,
  type TeamScope,
  updateStaff,
} from './team';
import { getTwoFactorPolicy, resetTwoFactor, setTwoFactorPolicy } from './two-factor-policy';

/** The team of the admin's own company, never another: the scope comes from the session alone. */
function scopeOf(actor: Actor): TeamScope {
  return { companyId: actor.companyId, actorUserId: actor.userId };
}

/** The Team section's calls: admins only (the guard answers 403 to anyone else). */
export function registerTeamCalls(app: FastifyInstance) {
  registerListCall(app, team.listStaff, ({ input, actor, db, clock }) =>
    listStaff({ db, clock }, scopeOf(actor), input ?? {}),
  );
  registerCall(app, team.inviteStaff, async ({ input, actor, log }) => {
    const { permissions, ...rest } = input;
    const invited = await inviteStaff({ ...app.deps, log }, scopeOf(actor), {
      ...rest,
      permissions: { keys: permissions },
    });
    return invited.member;
  });
  registerCall(app, team.resendInvitation, async ({ input, actor, log }) => {
    const resent = await resendInvitation({ ...app.deps, log }, scopeOf(actor), input);
    return resent.member;
  });
  registerCall(app, team.revokeInvitation, async ({ input, actor, log }) => {
    await revokeInvitation({ ...app.deps, log }, scopeOf(actor), input);
    return { success: true as const };
  });
  registerCall(app, team.updateStaff, ({ input, actor, log }) =>
    updateStaff({ ...app.deps, log }, scopeOf(actor), {
      username: input.username,
      role: input.role,
      permissions: { keys: input.permissions },
    }),
  );
  registerCall(app, team.disableStaff, ({ input, actor, log }) =>
    disableStaff({ ...app.deps, log }, scopeOf(actor), input),
  );
  registerCall(app, team.enableStaff, ({ input, actor, log }) =>
    enableStaff({ ...app.deps, log }, scopeOf(actor), input),
  );
  registerCall(app, team.deleteStaff, async ({ input, actor, log }) => {
    await deleteStaff({ ...app.deps, log }, scopeOf(actor), input);
    return { success: true as const };
  });
  registerCall(app, team.getTwoFactorPolicy, ({ actor }) => getTwoFactorPolicy(app.deps, scopeOf(actor)));
  registerCall(app, team.setTwoFactorPolicy, ({ input, actor }) =>
    setTwoFactorPolicy(app.deps, scopeOf(actor), input),
  );
  registerCall(app, team.getCompanyLanguage, ({ actor }) => getCompanyLanguage(app.deps, scopeOf(actor)));
  registerCall(app, team.setCompanyLanguage, ({ input, actor }) =>
    setCompanyLanguage(app.deps, scopeOf(actor), input),
  );
  registerCall(app, team.resetTwoFactor, ({ input, actor, log }) =>
    resetTwoFactor({ ...app.deps, log }, scopeOf(actor), input),
  );
}
