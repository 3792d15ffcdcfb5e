/**
 * What a deletion records of what it deleted, per action: old values alone (no new), read by the
 * handler in the deletion's transaction (`noteAudit({ previous })`), so the log still says who or what
 * it was once the row is gone (the targets keep only ids and usernames). An explicit allowlist, as the
 * contract's `audit.fields` is for the fields a call sets (those must be request fields, which these
 * are not): never a password, secret, token, code, CSS body or bank credential
 * (removed-fields.test.ts walks it against the contract).
 */
export const REMOVED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'client-delete': ['name', 'alias'],
  'delete-staff': ['name', 'email', 'role'],
  'revoke-invitation': ['name', 'email'],
  'delete-portal': ['name', 'email'],
  'delete-link': ['name'],
  'delete-application': ['name'],
  // The endpoint's handler notes its URL, as create-endpoint records it.
  'delete-endpoint': ['url'],
};

/** The fields an action records as removed; none for an action that deletes nothing. */
export function removedFieldsOf(action: string): readonly string[] {
  return Object.hasOwn(REMOVED_FIELDS, action) ? (REMOVED_FIELDS[action] ?? []) : [];
}
