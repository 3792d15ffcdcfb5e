import { runWithoutOwed } from '../db/before-first-commit';
import type { Db } from '../db/database';

/** Reads a setting, creating it first if missing; concurrent first starts all end up with one value. */
export async function findOrCreateSetting(db: Db, key: string, create: () => string): Promise<string> {
  // The process's own setting, created by whichever call needs it first: never that call's change.
  await runWithoutOwed(() =>
    db
      .insertInto('app_settings')
      .values({ key, value: create() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute(),
  );
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}
