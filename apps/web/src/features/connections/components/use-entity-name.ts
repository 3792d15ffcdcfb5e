import { useMemo } from 'react';
import { useSession } from '../../../shared/session/session-context';

/** Institution names from the catalogue the main layout already loaded; unknown ids show as themselves. */
export function useEntityName(): (id: string) => string {
  const { entities } = useSession();
  return useMemo(() => {
    const names = new Map(entities.map((entity) => [entity.id, entity.name]));
    return (id: string) => names.get(id) ?? id;
  }, [entities]);
}
