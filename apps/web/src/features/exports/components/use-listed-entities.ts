import { isListedEntity } from '@caudal/contract/routes';
import { useMemo } from 'react';
import { useSession } from '../../../shared/session/session-context';

/** The entity list the layout loaded, listed ones only: id → name (other ids are hidden). */
export function useListedEntities(): ReadonlyMap<string, string> {
  const { entities } = useSession();
  return useMemo(
    () => new Map(entities.filter(isListedEntity).map((entity) => [entity.id, entity.name])),
    [entities],
  );
}
