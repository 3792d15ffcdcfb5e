import { isListedEntity } from '@caudal/contract/routes';
import { useMemo } from 'react';
import { useSession } from '../../../shared/session/session-context';

/** Institution names by id from the catalogue the main layout loaded, and the bank filter's options. */
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
