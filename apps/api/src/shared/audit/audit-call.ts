import type { CallAudit } from '@caudal/contract';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor';
import type { AuditDraft, AuditTargetKind } from './audit-event';
import type { AuditedCall } from './audit-scope';
import { removedFieldsOf } from './removed-fields';

/** Who made a signed-in call, as the log keeps it: values, never a reference that could cascade. */
export function auditActorOf(actor: Actor | null): AuditDraft['actor'] {
  if (!actor) return { kind: 'visitor', id: null, name: null };
  return { kind: actor.kind, id: actor.userId, name: actor.profile.username };
}

/** Where the request came from, for every event. */
export function requestOriginOf(request: FastifyRequest): Pick<AuditDraft, 'ip' | 'userAgent' | 'requestId'> {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent : null,
    requestId: String(request.id),
  };
}

/** The pending event of a call whose contract declares `audit`, from its parsed input. */
export function toAuditedCall(
  audit: CallAudit,
  companyId: string | null,
  actor: AuditDraft['actor'],
  request: FastifyRequest,
  input: unknown,
  now: () => Date,
): AuditedCall {
  const values = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const targets: Partial<Record<AuditTargetKind, string>> = {};
  const responseTargets: Partial<Record<AuditTargetKind, string>> = {};
  for (const [kind, source] of Object.entries(audit.targets ?? {})) {
    if (!source) continue;
    if ('request' in source) {
      const id = values[source.request];
      if (typeof id === 'string') targets[kind as AuditTargetKind] = id;
    } else {
      responseTargets[kind as AuditTargetKind] = source.response;
    }
  }
  return {
    draft: {
      companyId,
      kind: 'change',
      action: audit.action,
      actor,
      targets,
      ...requestOriginOf(request),
      changes: {},
    },
    fields: audit.storedFields ? [...(audit.fields ?? []), ...audit.storedFields] : (audit.fields ?? []),
    removedFields: removedFieldsOf(audit.action),
    input: values,
    responseTargets,
    now,
  };
}
