import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CredentialsTable } from '../../db/schema';

/**
 * `updated_at` to the millisecond, as a Date read back holds it (the database default keeps micro-
 * seconds): a refresh writes only onto the credential as it read it.
 */
const updatedAtMs = sql<Date>`date_trunc('milliseconds', updated_at)`;

/** The credential to refresh, unless its company is disabled. */
export async function findRefreshableCredential(db: Db, credentialsId: string) {
  return (
    db
      .selectFrom('credentials')
      .selectAll()
      .where('id', '=', credentialsId)
      // A disabled company's queued refreshes stop; enabling it lets the next sweep queue them again.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('companies')
              .select('companies.id')
              .whereRef('companies.id', '=', 'credentials.company_id')
              .where('companies.disabled_at', 'is not', null),
          ),
        ),
      )
      .executeTakeFirst()
  );
}

export async function clearRefreshRequest(db: Db, credentialsId: string): Promise<void> {
  await db
    .updateTable('credentials')
    .set({ refresh_requested_at: null })
    .where('id', '=', credentialsId)
    .execute();
}

/** A failed attempt's status fields, written only if nothing wrote the credential since it was read. */
export async function saveFailedAttempt(
  db: Db,
  credentialsId: string,
  set: Updateable<CredentialsTable>,
  unchangedSince: Date,
): Promise<{ token: string; entity_id: string; company_id: string } | undefined> {
  return db
    .updateTable('credentials')
    .set(set)
    .where('id', '=', credentialsId)
    .where(updatedAtMs, '<=', unchangedSince)
    .returning(['token', 'entity_id', 'company_id'])
    .executeTakeFirst();
}

/**
 * A successful read's status fields: last success and attempt now, no error, not blocked, no SCA
 * pending. Undefined if the credential is gone (or changed since `unchangedSince`).
 */
export async function saveSucceededAttempt(
  trx: Db,
  credentialsId: string,
  set: {
    now: Date;
    connectorState: unknown;
    update_time_ms?: number | null;
    secret_ciphertext?: string;
    login?: string;
  },
  unchangedSince: Date | undefined,
): Promise<{ token: string; entity_id: string } | undefined> {
  const { now, connectorState, ...extra } = set;
  return trx
    .updateTable('credentials')
    .set({
      ...extra,
      status: 'ok',
      blocked: false,
      error: null,
      sca_token: null,
      last_update: now,
      last_success_at: now,
      refresh_requested_at: null,
      connector_state: JSON.stringify(connectorState),
      updated_at: now,
    })
    .where('id', '=', credentialsId)
    .$if(unchangedSince !== undefined, (qb) => qb.where(updatedAtMs, '<=', unchangedSince as Date))
    .returning(['token', 'entity_id'])
    .executeTakeFirst();
}

/**
 * Credentials due a refresh: not blocked, consent unexpired, company enabled, last attempt before `dueBefore` and not
 * queued since `queuedSince`; oldest first.
 */
export async function findDueCredentialIds(
  db: Db,
  due: { dueBefore: Date; queuedSince: Date; now: Date; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('credentials')
    .select('id')
    .where('blocked', '=', false)
    // An expired consent is not refreshed until the holder renews it.
    .where('consent_expires_at', '>', due.now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('companies')
            .select('companies.id')
            .whereRef('companies.id', '=', 'credentials.company_id')
            .where('companies.disabled_at', 'is not', null),
        ),
      ),
    )
    .where((eb) => eb.or([eb('last_update', 'is', null), eb('last_update', '<=', due.dueBefore)]))
    .where((eb) =>
      eb.or([eb('refresh_requested_at', 'is', null), eb('refresh_requested_at', '<', due.queuedSince)]),
    )
    .orderBy('last_update', (order) => order.asc().nullsFirst())
    .orderBy('id')
    .limit(due.limit)
    .execute();
  return rows.map((row) => row.id);
}
