import type { AuditChanges } from './audit-event';

/** What an event's changes are built from, once the call has run. */
export interface ChangeSources {
  /** The action's allowlist of fields the call sets (the contract's `audit.fields`, the operator's). */
  fields: readonly string[];
  /** The action's allowlist of what a deletion removed, recorded as old values alone (removed-fields.ts). */
  removedFields: readonly string[];
  /** The parsed request. */
  input: Record<string, unknown>;
  /** What the handler read before the change, in the change's transaction (`noteAudit({ previous })`). */
  previous: Record<string, unknown>;
  /** What the change stored, where the request alone does not say it (`noteAudit({ next })`). */
  next: Record<string, unknown>;
}

/**
 * The changed fields an event records, with old and new values (issue 26):
 * - an allowlisted field the call set (the handler noted what it stored, or else the request carries
 *   it) records its new value, and its old one when the handler noted it. A field whose old and new
 *   values are equal did not change and is left out, as is a field the request left out and the
 *   handler did not note (a partial edit keeps it);
 * - a field of what a deletion removed records its old value alone, when it had one (a client's name
 *   and alias), so the history still says who or what it was once it is gone.
 * An edit that changes nothing still appends its one event (the call ran, by someone), with `{}`.
 */
export function toAuditChanges(sources: ChangeSources): AuditChanges {
  const { fields, removedFields, input, previous, next } = sources;
  const changes: AuditChanges = {};
  for (const field of fields) {
    const isSet = field in next || input[field] !== undefined;
    if (!isSet) continue;
    const value = (field in next ? next[field] : input[field]) ?? null;
    if (!(field in previous)) {
      changes[field] = { new: value };
      continue;
    }
    const old = previous[field] ?? null;
    if (!isSameValue(old, value)) changes[field] = { old, new: value };
  }
  for (const field of removedFields) {
    const old = previous[field];
    if (old !== undefined && old !== null && !(field in changes)) changes[field] = { old };
  }
  return changes;
}

/**
 * Deep equality of recorded values: arrays element by element, in order (a handler that stores a set
 * notes both sides in one order), objects key by key (an absent key equals an undefined one), dates by
 * their instant.
 */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!isSameValue(a[index], b[index])) return false;
    return true;
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!isSameValue(a[key], b[key])) return false;
  return true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}
