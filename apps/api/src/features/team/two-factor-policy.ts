import type { StaffMember } from '@caudal/contract';
import { AppError } from '../../shared/app-error';
import { noteAudit } from '../../shared/audit/audit-scope';
import { endUserSessions } from '../../shared/auth/session-store';
import { clearTwoFactor } from '../../shared/auth/two-factor';
import type { TeamDeps, TeamScope } from './team';
import { requireCompany, requireMember, requireStaff } from './team';

export async function getTwoFactorPolicy(deps: Pick<TeamDeps, 'db'>, scope: TeamScope) {
  const company = await deps.db
    .selectFrom('companies')
    .select('require_two_factor')
    .where('id', '=', scope.companyId)
    .executeTakeFirstOrThrow();
  return { is_required: company.require_two_factor };
}

/**
 * Required: staff without two-factor are sent to enrol at their next password sign-in (sessions already
 * open run to their end). OIDC sign-ins are the identity provider's to secure.
 */
export async function setTwoFactorPolicy(
  deps: Pick<TeamDeps, 'db'>,
  scope: TeamScope,
  input: { is_required: boolean },
) {
  return deps.db.transaction().execute(async (trx) => {
    // Locked, so the old value the audit event records is the one this change replaced.
    const current = await trx
      .selectFrom('companies')
      .select('require_two_factor')
      .where('id', '=', scope.companyId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    noteAudit({ previous: { is_required: current.require_two_factor } });
    await trx
      .updateTable('companies')
      .set({ require_two_factor: input.is_required })
      .where('id', '=', scope.companyId)
      .execute();
    return { is_required: input.is_required };
  });
}

/**
 * A colleague lost their phone: their key and recovery codes go, and their sessions end, so whoever has
 * the phone is out too. They enrol again (at their next sign-in if the company requires it). Only staff
 * of the admin's own company can be named: anyone else is NotFound.
 */
export async function resetTwoFactor(
  deps: TeamDeps,
  scope: TeamScope,
  input: { username: string },
): Promise<StaffMember> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    const company = await requireCompany(trx, scope.companyId);
    const row = await requireStaff(trx, scope.companyId, input.username, now);
    // One's own is changed on the Security page (with a code); and there is nothing to reset, nothing to
    // record, for someone who never turned it on. Refused before anything is written.
    if (row.id === scope.actorUserId) {
      throw new AppError('Conflict', 'Your own two-step verification is changed on the Security page');
    }
    if (row.totp_enabled_at === null) {
      throw new AppError('Conflict', 'The user has no two-step verification to reset');
    }
    await clearTwoFactor(trx, { userId: row.id, companyId: scope.companyId });
    await endUserSessions(trx, row.id, now);
    return requireMember(trx, scope.companyId, row.username, now, company.modules);
  });
}
