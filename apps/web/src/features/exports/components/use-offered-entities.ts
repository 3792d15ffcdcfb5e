import type { Client } from '@caudal/contract/routes';
import { useMemo, useState } from 'react';
import { useClientEntitiesQuery } from '../api/export-queries';
import { findClientEntities, reconcileEntityIds, withHeldEntities } from '../lib/export-form';
import { useListedEntities } from './use-listed-entities';

interface OfferedEntities {
  /** The chosen clients with the banks of their products added to their entities. */
  clients: Client[];
  /** What the entities step offers, in name order. */
  entities: { id: string; name: string }[];
  /** Some chosen client's entities are still being asked for. */
  isLoading: boolean;
}

/**
 * The entities the export offers for the chosen clients (every listed one for the whole filtered list),
 * and the ticks kept in step with it: an entity that comes into the list comes ticked (so a client's
 * banks are in the file by default), one that leaves it is unticked, the rest keep the user's choice.
 * `updateTicked` is the form's setter; it is called while rendering, as React allows for own state.
 */
export function useOfferedEntities(
  clients: readonly Client[],
  isWholeList: boolean,
  updateTicked: (update: (ticked: string[]) => string[]) => void,
): OfferedEntities {
  const listed = useListedEntities();
  const clientIds = isWholeList ? [] : clients.map((client) => client.id);
  const held = useClientEntitiesQuery(clientIds);
  const merged = useMemo(() => withHeldEntities(clients, held.data), [clients, held.data]);
  const entities = useMemo(
    () =>
      isWholeList
        ? [...listed].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
        : findClientEntities(merged, listed),
    [isWholeList, listed, merged],
  );
  const mode = isWholeList ? 'all' : 'chosen';
  const ids = entities.map((entity) => entity.id);
  const key = `${mode}:${ids.join(',')}`;
  const [offered, setOffered] = useState<{ key: string; mode: string; ids: string[] }>({
    key: '',
    mode,
    ids: [],
  });
  if (offered.key !== key) {
    // Another mode (the whole list ↔ chosen clients) starts with everything it offers ticked.
    const before = offered.mode === mode ? offered.ids : [];
    setOffered({ key, mode, ids });
    updateTicked((ticked) => reconcileEntityIds(ticked, ids, before));
  }
  const answered = new Set((held.data ?? []).map((item) => item.client_id));
  const isLoading = !held.isError && clientIds.some((id) => !answered.has(id));
  return { clients: merged, entities, isLoading };
}
