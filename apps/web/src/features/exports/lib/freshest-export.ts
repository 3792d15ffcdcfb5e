import type { Export } from '@caudal/contract';

const STAGE = { queued: 0, running: 1, ready: 2, failed: 2 } as const;

/**
 * Of two answers about the same export, the one further along: a later state, or more rows in the
 * same state. The list and the export's own status poll at different moments; an answer that left the
 * server earlier must never put a screen back (the table saying GENERANDO 2177 under "Fichero listo:
 * 2290 filas").
 */
export function freshestExport(a: Export, b: Export): Export {
  if (STAGE[a.status] !== STAGE[b.status]) return STAGE[a.status] > STAGE[b.status] ? a : b;
  return b.rows_written >= a.rows_written ? b : a;
}

/** The list with `item` merged into its row (by id), each row the freshest of the two. */
export function mergeIntoList(list: readonly Export[], item: Export): Export[] {
  return list.map((row) => (row.id === item.id ? freshestExport(row, item) : row));
}
