import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withStatementDeadline } from '../../db/statement-deadline';

/**
 * False when the database fails or does not answer within `timeoutMs` (a held lock, a full pool, …).
 * On PostgreSQL the probe's statement has `timeoutMs` as its deadline: a connection that does not answer
 * it is closed then (decision 0063), so probes during an outage hold no pool slot and draw out the
 * connections the outage left silent.
 */
export async function isDatabaseUp(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = withStatementDeadline(timeoutMs, () => sql`select 1`.execute(db)).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
