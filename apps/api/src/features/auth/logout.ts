import { auth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { appendAuditEvent } from '../../shared/audit/append-audit-event';
import { auditActorOf, requestOriginOf } from '../../shared/audit/audit-call';
import { endSession } from '../../shared/auth/session-store';
import { registerCall } from '../../shared/http/register-call';

export function registerLogout(app: FastifyInstance) {
  registerCall(app, auth.logout, async ({ actor, db, clock, request }) => {
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await endSession(trx, actor.sessionId, now);
      await appendAuditEvent(
        trx,
        {
          companyId: actor.companyId,
          kind: 'logout',
          action: 'logout',
          actor: auditActorOf(actor),
          targets: {},
          ...requestOriginOf(request),
          changes: {},
        },
        now,
      );
    });
    return { success: true as const };
  });
}
