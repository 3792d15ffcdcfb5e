import { createHash } from 'node:crypto';

export type AuditKind = 'change' | 'sign-in' | 'sign-in-failed' | 'logout';
export type AuditActorKind = 'staff' | 'portal' | 'application' | 'visitor' | 'operator' | 'anonymous';
export type AuditTargetKind = 'client' | 'credential' | 'link' | 'application' | 'user';
export type AuditChanges = Record<string, { old?: unknown; new?: unknown }>;

/** One event before it joins its company's chain. */
export interface AuditDraft {
  companyId: string | null;
  kind: AuditKind;
  action: string;
  actor: { kind: AuditActorKind; id: string | null; name: string | null };
  targets: Partial<Record<AuditTargetKind, string>>;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  changes: AuditChanges;
}

/** The stored values that the hash covers, in a fixed order (what `audit verify` recomputes). */
export interface HashedFields {
  company_id: string | null;
  seq: string;
  occurred_at: Date;
  kind: string;
  action: string;
  actor_kind: string;
  actor_id: string | null;
  actor_name: string | null;
  target_client_id: string | null;
  target_credential_id: string | null;
  target_link_id: string | null;
  target_application_id: string | null;
  target_user_id: string | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  changes: unknown;
  previous_hash: string;
}

/** The hash a chain starts from when nothing was ever purged. */
export const GENESIS_HASH = '0'.repeat(64);

export function hashAuditEvent(fields: HashedFields): string {
  const canonical = JSON.stringify([
    fields.company_id,
    String(fields.seq),
    fields.occurred_at.toISOString(),
    fields.kind,
    fields.action,
    fields.actor_kind,
    fields.actor_id,
    fields.actor_name,
    fields.target_client_id,
    fields.target_credential_id,
    fields.target_link_id,
    fields.target_application_id,
    fields.target_user_id,
    fields.ip,
    fields.user_agent,
    fields.request_id,
    canonicalJson(fields.changes),
    fields.previous_hash,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** JSON with sorted keys: jsonb reorders keys, so the hash must not depend on their order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The chain key of a company; failed sign-ins to unknown companies share one chain of their own. */
export function chainKeyOf(companyId: string | null): string {
  return companyId ?? 'none';
}
