import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Takes `count` connections in open transactions until the returned release (or `releaseAfterMs`).
 * A connection that cannot be taken fails the call, after the ones already taken were let go.
 */
export async function holdConnections(db: Db, count: number, releaseAfterMs?: number) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
    if (releaseAfterMs !== undefined) setTimeout(resolve, releaseAfterMs);
  });
  const held = Array.from({ length: count }, () => {
    let markTaken!: () => void;
    const taken = new Promise<void>((resolve) => {
      markTaken = resolve;
    });
    const done = db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      markTaken();
      await gate;
    });
    return { taken, done };
  });
  const releaseAll = async () => {
    release();
    await Promise.allSettled(held.map(({ done }) => done));
  };
  try {
    await Promise.all(held.map(({ taken, done }) => Promise.race([taken, done])));
  } catch (error) {
    await releaseAll();
    throw error;
  }
  return releaseAll;
}
