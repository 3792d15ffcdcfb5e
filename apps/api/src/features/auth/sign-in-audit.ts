import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { appendAuditEventAlone } from '../../shared/audit/append-audit-event';
import type { AuditDraft } from '../../shared/audit/audit-event';
import type { LockoutKey } from './auth.repository';

export type RequestOrigin = Pick<AuditDraft, 'ip' | 'userAgent' | 'requestId'>;

/**
 * Sign-ins are their own kind of event: a success names the user, a failure the names as typed (never
 * the password). A failure for a company that does not exist is kept under no company: only operators
 * see those.
 */
export async function recordSignIn(
  db: Db,
  origin: RequestOrigin,
  outcome:
    | { kind: 'sign-in'; userId: string; userKind: 'staff' | 'portal'; companyId: string }
    | { kind: 'sign-in-failed' },
  key: LockoutKey,
  now: Date,
): Promise<void> {
  const companyId = outcome.kind === 'sign-in' ? outcome.companyId : await findCompanyIdByName(db, key);
  await appendAuditEventAlone(
    db,
    {
      companyId,
      kind: outcome.kind,
      action: 'login',
      actor: {
        kind: outcome.kind === 'sign-in' ? outcome.userKind : 'anonymous',
        id: outcome.kind === 'sign-in' ? outcome.userId : null,
        name: key.username.slice(0, 200),
      },
      targets: outcome.kind === 'sign-in' ? { user: key.username } : {},
      ...origin,
      changes: {},
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
