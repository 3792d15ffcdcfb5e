import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AuditEventsTable } from '../../db/schema';

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

/** What an event's own values say (its stored row less its id and position), without its place in the chain. */
export type ContentFields = Omit<Selectable<AuditEventsTable>, 'id' | 'position'>;

/**
 * The values the hash covers: the event's own, and its place in the chain as its seal records it
 * (seq, previous hash). `verify` recomputes it from an event and its seal as read.
 */
export type HashedFields = ContentFields & { seq: string; previous_hash: string };

/** The hash a chain starts from when nothing was ever purged. */
export const GENESIS_HASH = '0'.repeat(64);

/** Events written since migration 0028 hash as version 2; older rows keep version 1. */
export const CURRENT_HASH_VERSION = 2;

/** Version 1 (migration 0021): sha256 over every value, the chain link included, in a fixed order. */
export function hashAuditEventV1(fields: HashedFields): string {
  return sha256(
    JSON.stringify([
      fields.company_id,
      String(fields.seq),
      fields.occurred_at.toISOString(),
      ...contentValues(fields).slice(2),
      fields.previous_hash,
    ]),
  );
}

/** Version 2, step one: the digest of the event's own values (it needs nothing of the chain). */
export function digestAuditContent(fields: ContentFields): string {
  return sha256(JSON.stringify(['v2', ...contentValues(fields)]));
}

/** Version 2, step two: the chain link, computed by the sealer and recomputed by `verify`. */
export function linkAuditHash(contentDigest: string, seq: string, previousHash: string): string {
  return sha256(`${contentDigest}:${seq}:${previousHash}`);
}

/** An event's hash as its version defines it. */
export function hashAuditEvent(fields: HashedFields, version: number): string {
  if (version === 1) return hashAuditEventV1(fields);
  return linkAuditHash(digestAuditContent(fields), String(fields.seq), fields.previous_hash);
}

/** The event's own values in the hash's fixed order (version 1 interleaves seq after company_id). */
function contentValues(fields: ContentFields): unknown[] {
  return [
    fields.company_id,
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
  ];
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** JSON with sorted keys: jsonb reorders keys, so the hash must not depend on their order. */
function canonicalJson(value: unknown): string {
  // Plain loops: this runs on every audited call, and the closures of map/filter cost it a third more.
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) {
      text += (index === 0 ? '' : ',') + canonicalJson(value[index]);
    }
    return `${text}]`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    let text = '{';
    for (const key of keys) {
      const member = record[key];
      if (member === undefined) continue;
      text += `${text.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(member)}`;
    }
    return `${text}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The chain key of a company; failed sign-ins to unknown companies share one chain of their own. */
export function chainKeyOf(companyId: string | null): string {
  return companyId?.toLowerCase() ?? 'none';
}
