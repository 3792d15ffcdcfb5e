import { createHash } from 'node:crypto';
import type pg from 'pg';
import { isPrepared } from '../../apps/api/src/db/prepared-pool';

/**
 * A statement through a `pg` pool as the API sends it on PostgreSQL (decision 0060): with values, as a
 * named statement parsed once per connection (by the API's rule: a text search, a bulk statement unnamed), so the
 * floor does the same work and no more. The floors' statements are few and fixed, so they are never
 * deallocated.
 */
export function queryPrepared(
  pool: pg.Pool,
  text: string,
  values: readonly unknown[],
): Promise<pg.QueryResult> {
  if (!isPrepared(text, values.length)) return pool.query(text, [...values]);
  return pool.query({ name: nameOf(text), text, values: [...values] });
}

const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `f${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}
