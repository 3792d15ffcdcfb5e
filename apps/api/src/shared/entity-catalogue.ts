import { type Entity, isListedEntity } from '@caudal/contract';
import type { Db } from '../db/database';

interface Catalogue {
  entities: Entity[];
  ids: ReadonlySet<string>;
}

/**
 * The institution catalogue is reference data, not tenant state: only `seedInstitutions` writes it,
 * from the code's INSTITUTIONS list, when a process starts (every instance of one version seeds the
 * same rows). So each database handle reads it once instead of on every call (one statement fewer per
 * wealth call; on PGlite's single connection that is throughput). `forgetEntityCatalogue` drops the
 * copy when the catalogue is seeded; an empty catalogue (a database not seeded yet) is never kept.
 */
const catalogues = new WeakMap<Db, Promise<Catalogue>>();

function loadCatalogue(db: Db): Promise<Catalogue> {
  const cached = catalogues.get(db);
  if (cached) return cached;
  const loading = readCatalogue(db);
  catalogues.set(db, loading);
  loading.then(
    (catalogue) => {
      if (catalogue.entities.length === 0 && catalogues.get(db) === loading) catalogues.delete(db);
    },
    () => {
      if (catalogues.get(db) === loading) catalogues.delete(db);
    },
  );
  return loading;
}

async function readCatalogue(db: Db): Promise<Catalogue> {
  const rows = await db.selectFrom('entities').select(['id', 'name']).orderBy('name').orderBy('id').execute();
  const entities = rows.filter(isListedEntity);
  return { entities, ids: new Set(entities.map((entity) => entity.id)) };
}

/** The institutions users may see, sorted by name: placeholders (`wealth-new-entity-…`) never are. */
export async function findListedEntities(db: Db): Promise<Entity[]> {
  // A copy: callers may sort or extend their answer without touching the shared one.
  return (await loadCatalogue(db)).entities.map((entity) => ({ ...entity }));
}

/** The ids client entity lists are resolved against: an id not listed is dropped. */
export async function findListedEntityIds(db: Db): Promise<ReadonlySet<string>> {
  return (await loadCatalogue(db)).ids;
}

/** The catalogue was (re)seeded through `db`: the next call reads it again. */
export function forgetEntityCatalogue(db: Db): void {
  catalogues.delete(db);
}
