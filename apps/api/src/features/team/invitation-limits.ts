import type { Db } from '../../db/database';
import { retryLater } from '../../shared/app-error';
import { hitRateLimit } from '../../shared/rate-limit';

/** Invitation mails (invitations and resends) one company may send an hour, to all addresses together. */
export const INVITATION_MAILS_PER_COMPANY = { limit: 30, windowMinutes: 60 } as const;

/**
 * Invitation mails one company may send one address an hour: the invitation and three resends. Counted
 * per company, so one company's mails never spend another's budget for the same person.
 */
export const INVITATION_MAILS_PER_ADDRESS = { limit: 4, windowMinutes: 60 } as const;

/**
 * Spends one invitation mail of the company's budgets, or refuses the call with RateLimited (and when to
 * try again): an admin cannot mail-bomb an inbox, anyone's, with invitations and resends. Call it in the
 * call's transaction, after the company's row is locked: the company's calls then count one at a time,
 * and a refused call (or one failing later) rolls its hit back with everything else, so it leaves no
 * mail, no audit event and no count. The operator's command line (no actor) sets companies up and is
 * not metered.
 */
export async function spendInvitationMail(
  trx: Db,
  scope: { companyId: string; actorUserId: string | null },
  email: string,
  now: Date,
): Promise<void> {
  if (scope.actorUserId === null) return;
  const address = email.trim().toLowerCase();
  // The address first: a call it refuses does not spend the company's budget for its other invitations.
  const toAddress = await hitRateLimit(
    trx,
    { key: `team-invitation:company:${scope.companyId}:to:${address}`, ...INVITATION_MAILS_PER_ADDRESS },
    now,
  );
  if (!toAddress.isAllowed) {
    throw retryLater('RateLimited', 'Too many invitation mails to this address', toAddress.resetSeconds);
  }
  const ofCompany = await hitRateLimit(
    trx,
    { key: `team-invitation:company:${scope.companyId}`, ...INVITATION_MAILS_PER_COMPANY },
    now,
  );
  if (!ofCompany.isAllowed) {
    throw retryLater('RateLimited', 'Too many invitation mails from this company', ofCompany.resetSeconds);
  }
}
