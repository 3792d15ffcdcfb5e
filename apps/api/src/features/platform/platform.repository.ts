import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** False when the database fails or does not answer within `timeoutMs` (a held lock, a full pool, …). */
export async function isDatabaseUp(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
