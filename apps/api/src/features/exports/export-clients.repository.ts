import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Actor } from '../../shared/auth/actor';
import { whereInClientScope } from '../../shared/auth/client-scope';
import { escapeLike } from '../../shared/sql/escape-like';

/** Those of `ids` the actor can see (in no particular order). */
export async function findClientsInScope(db: Db, actor: Actor, ids: readonly string[]) {
  return db
    .selectFrom('clients')
    .select(['id', 'alias'])
    .where('id', 'in', [...ids])
    .where((eb) => whereInClientScope(actor, eb, { company: eb.ref('company_id'), client: eb.ref('id') }))
    .execute();
}

/**
 * The clients the list shows for this search (name or alias, as `client-list` matches them), in the
 * actor's scope, less `exceptIds`, by name; at most `limit`.
 */
export async function findClientsMatching(
  db: Db,
  actor: Actor,
  filter: { search: string; exceptIds: readonly string[]; limit: number },
) {
  return db
    .selectFrom('clients')
    .select(['id', 'alias'])
    .where((eb) => whereInClientScope(actor, eb, { company: eb.ref('company_id'), client: eb.ref('id') }))
    .$if(filter.search.length > 0, (qb) =>
      qb.where('folded_search', 'like', sql<string>`fold_name(${`%${escapeLike(filter.search)}%`})`),
    )
    .$if(filter.exceptIds.length > 0, (qb) => qb.where('id', 'not in', [...filter.exceptIds]))
    .orderBy(sql`name collate caudal_es`)
    .orderBy('id')
    .limit(filter.limit)
    .execute();
}

/**
 * Those of `ids` the actor can see, each with its `entities` field as stored and the entities it holds
 * products at (distinct, by id), in no particular order.
 */
export async function findClientsWithProductEntities(db: Db, actor: Actor, ids: readonly string[]) {
  return db
    .selectFrom('clients as c')
    .select((eb) => [
      'c.id',
      'c.entity_ids',
      eb
        .selectFrom('products as p')
        .select(sql<string[]>`coalesce(array_agg(distinct p.entity_id order by p.entity_id), '{}')`.as('ids'))
        .whereRef('p.client_id', '=', 'c.id')
        .whereRef('p.company_id', '=', 'c.company_id')
        .as('product_entity_ids'),
    ])
    .where('c.id', 'in', [...ids])
    .where((eb) => whereInClientScope(actor, eb, { company: eb.ref('c.company_id'), client: eb.ref('c.id') }))
    .execute();
}
