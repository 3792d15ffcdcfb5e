/** Entities whose names start with this prefix are placeholders and never listed (spec section 9). */
export const HIDDEN_ENTITY_PREFIX = 'wealth-new-entity-';
/** An entity id with this suffix falls back to its base entity (spec section 9). */
export const ENTITY_FALLBACK_SUFFIX = '-e';

export function isListedEntity(entity: { id: string; name: string }): boolean {
  return !entity.name.startsWith(HIDDEN_ENTITY_PREFIX) && !entity.id.startsWith(HIDDEN_ENTITY_PREFIX);
}

/**
 * Maps an entity id to one the catalogue knows: itself, or its base id without the `-e` suffix.
 * Returns null when neither is known, so the caller drops it (spec: unknown ids are dropped).
 */
export function resolveEntityId(id: string, knownIds: ReadonlySet<string>): string | null {
  if (knownIds.has(id)) return id;
  if (id.endsWith(ENTITY_FALLBACK_SUFFIX)) {
    const base = id.slice(0, -ENTITY_FALLBACK_SUFFIX.length);
    if (knownIds.has(base)) return base;
  }
  return null;
}

/** Resolves every id, drops unknown ones and duplicates, keeping the first-seen order. */
export function resolveEntityIds(ids: readonly string[], knownIds: ReadonlySet<string>): string[] {
  const resolved: string[] = [];
  for (const id of ids) {
    const known = resolveEntityId(id, knownIds);
    if (known !== null && !resolved.includes(known)) resolved.push(known);
  }
  return resolved;
}
