import { type Entity, isListedEntity } from '@caudal/contract';
import type { Db } from '../db/database';

/** The institutions users may see, sorted by name: placeholders (`wealth-new-entity-…`) never are. */
export async function findListedEntities(db: Db): Promise<Entity[]> {
  const rows = await db.selectFrom('entities').select(['id', 'name']).orderBy('name').orderBy('id').execute();
  return rows.filter(isListedEntity);
}

/** The ids client entity lists are resolved against: an id not listed is dropped. */
export async function findListedEntityIds(db: Db): Promise<ReadonlySet<string>> {
  return new Set((await findListedEntities(db)).map((entity) => entity.id));
}
