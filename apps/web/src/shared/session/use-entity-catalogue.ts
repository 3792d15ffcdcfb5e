import { isListedEntity } from '@caudal/contract/routes';
import { useMemo } from 'react';
import { useSession } from './session-context';

/** The entity catalogue the main layout already loaded: names by id, and a form's or a filter's options. */
export function useEntityCatalogue() {
  const { entities } = useSession();
  return useMemo(() => {
    const names = new Map(entities.map((entity) => [entity.id, entity.name]));
    const options = entities
      .filter(isListedEntity)
      .map((entity) => ({ value: entity.id, label: entity.name }))
      .sort((a, b) => a.label.localeCompare(b.label));
    return { name: (id: string) => names.get(id) ?? id, options };
  }, [entities]);
}
