import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { CONSENT_90_DAY_INSTITUTIONS, INSTITUTIONS, institutionProfile } from '../../engine/sandbox';
import { openTestDatabase } from '../../test/test-database';

/**
 * The consent validity of each institution lives in the catalogue (engine/sandbox/institutions.ts). Migration
 * 0025 ran once with its own copy of the 90-day list to backfill existing credentials, and is history now
 * (an applied migration is never edited): this test keeps the copy and the catalogue saying the same thing.
 */
const MIGRATION = readFileSync(new URL('../../db/migrations/0025-consent.sql', import.meta.url), 'utf8');

/** The backfill's validity expression, as the migration wrote it (`case when … end`). */
function backfillValidityExpression(): string {
  const found = MIGRATION.match(/case when regexp_replace\(entity_id[\s\S]*?end(?= as validity)/);
  if (!found) throw new Error('migration 0025 has no validity expression: this test must follow it');
  return found[0];
}

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('the 90-day institution list', () => {
  it('is the same in migration 0025’s backfill and in the catalogue, for every id, -e ids and unknown ones', async () => {
    const ids = [...INSTITUTIONS.keys()].flatMap((id) => [id, `${id}-e`]).concat(['unknown-bank']);
    const values = sql.join(ids.map((id) => sql`(${id})`));
    const { rows } = await sql<{ entity_id: string; validity: number }>`
      select entity_id, (${sql.raw(backfillValidityExpression())})::int as validity
      from (values ${values}) as credentials (entity_id)
    `.execute(handle.db);
    const byMigration = Object.fromEntries(rows.map((row) => [row.entity_id, Number(row.validity)]));
    const byCatalogue = Object.fromEntries(ids.map((id) => [id, institutionProfile(id).consentDays]));
    expect(byMigration).toEqual(byCatalogue);
    // Not a vacuous agreement: both lists have the five 90-day institutions, and the rest give 180.
    expect(Object.values(byMigration).filter((days) => days === 90)).toHaveLength(
      2 * CONSENT_90_DAY_INSTITUTIONS.size,
    );
    expect(CONSENT_90_DAY_INSTITUTIONS.size).toBe(5);
    expect(byMigration['unknown-bank']).toBe(180);
  });
});
