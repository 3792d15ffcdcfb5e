import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { appendAuditEventAlone } from '../../shared/audit/append-audit-event';
import type { AuditDraft } from '../../shared/audit/audit-event';
import type { LockoutKey } from './auth.repository';

export type RequestOrigin = Pick<AuditDraft, 'ip' | 'userAgent' | 'requestId'>;

/** How a two-step sign-in's second step was passed (or tried): the event says which. */
export type SignInFactor = 'totp' | 'recovery-code' | 'enrolment';

/** Who a sign-in step was for, once the password has named them (the second step). */
export interface SignInUser {
  userId: string;
  userKind: 'staff' | 'portal';
  companyId: string;
}

/**
 * Sign-ins are their own kind of event: a success names the user, a failure the names as typed (never
 * the password). A failure for a company that does not exist is kept under no company: only operators
 * see those. A second step (two-factor code, recovery code, enrolment at sign-in) records the same
 * kinds: its user is known from the challenge, so a failed code names them, and the factor used.
 */
export async function recordSignIn(
  db: Db,
  origin: RequestOrigin,
  outcome:
    | ({ kind: 'sign-in'; factor?: SignInFactor } & SignInUser)
    | { kind: 'sign-in-failed'; user?: SignInUser; factor?: SignInFactor },
  key: LockoutKey,
  now: Date,
): Promise<void> {
  const user = outcome.kind === 'sign-in' ? outcome : (outcome.user ?? null);
  const companyId = user ? user.companyId : await findCompanyIdByName(db, key);
  // A known user is named as stored ("Ana"), as every other event names them, not as typed ("ana").
  const username = (user && (await findUsername(db, user.userId))) ?? key.username;
  await appendAuditEventAlone(
    db,
    {
      companyId,
      kind: outcome.kind,
      action: 'login',
      actor: {
        kind: user ? user.userKind : 'anonymous',
        id: user ? user.userId : null,
        name: username.slice(0, 200),
      },
      targets: user ? { user: username } : {},
      ...origin,
      changes: outcome.factor ? { factor: { new: outcome.factor } } : {},
    },
    now,
  );
}

async function findCompanyIdByName(db: Db, key: LockoutKey): Promise<string | null> {
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where(sql<boolean>`lower(companies.name) = ${key.company}`)
    .executeTakeFirst();
  return company?.id ?? null;
}

async function findUsername(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  return row?.username ?? null;
}
