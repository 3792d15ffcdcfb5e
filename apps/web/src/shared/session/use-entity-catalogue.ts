import { type Entity, isListedEntity } from '@caudal/contract/routes';
import { useSession } from './session-context';

export interface EntityCatalogue {
  /** The institution's name, or its id when the catalogue does not know it. */
  name: (id: string) => string;
  /** A form's or a filter's options, by name. */
  options: { value: string; label: string }[];
}

/**
 * One catalogue per list of entities the session holds, shared by every component that reads it: a list
 * renders a badge cell per row, and a memo per component built (and sorted) the same catalogue per row.
 */
const catalogues = new WeakMap<readonly Entity[], EntityCatalogue>();

function catalogueOf(entities: readonly Entity[]): EntityCatalogue {
  const known = catalogues.get(entities);
  if (known) return known;
  const names = new Map(entities.map((entity) => [entity.id, entity.name]));
  let options: EntityCatalogue['options'] | null = null;
  const catalogue: EntityCatalogue = {
    name: (id) => names.get(id) ?? id,
    // Sorted on first use: the list's badges only need the names.
    get options() {
      options ??= entities
        .filter(isListedEntity)
        .map((entity) => ({ value: entity.id, label: entity.name }))
        .sort((a, b) => a.label.localeCompare(b.label));
      return options;
    },
  };
  catalogues.set(entities, catalogue);
  return catalogue;
}

/** The entity catalogue the main layout already loaded: names by id, and a form's or a filter's options. */
export function useEntityCatalogue(): EntityCatalogue {
  return catalogueOf(useSession().entities);
}
