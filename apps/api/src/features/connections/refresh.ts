import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { CredentialsRow } from '../../db/schema';
import { type ConnectorResult, type ConnectorSuccess, findConnector } from '../../engine/connectors';
import { writeSnapshot } from '../../engine/snapshot-writer';
import type { Clock } from '../../shared/clock';
import type { SecretKey } from '../../shared/crypto/sealing';
import type { Logger } from '../../shared/logger';
import { randomToken } from '../../shared/secure-tokens';
import { findTitularName } from './connections.repository';
import { openCredentialSecret } from './credential-sealing';

export interface RefreshDeps {
  db: Db;
  clock: Clock;
  key: SecretKey;
  log?: Pick<Logger, 'warn' | 'info'>;
}

export type RefreshOutcome = ConnectorResult['outcome'] | 'skipped';

/** A random credentials token: 192 bits, base64url, never derived from an id. */
export function createCredentialsToken(): string {
  return randomToken(24);
}

/**
 * Refreshes one credential through its connector, now (the job's worker calls this; so do tests, with
 * their clock). Products are updated in place, new movements appended; the status fields say how it
 * went. Blocked credentials are left alone: only a reset unblocks them.
 */
export async function refreshCredential(deps: RefreshDeps, credentialsId: string): Promise<RefreshOutcome> {
  const { db, clock, key } = deps;
  const credential = await db
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
    .executeTakeFirst();
  if (!credential) return 'skipped';
  // Blocked: only a reset unblocks it. Consent expired: the institution would refuse the read until the
  // holder renews (a renewal link), so nothing is asked of it.
  if (credential.blocked || credential.consent_expires_at.getTime() <= clock().getTime()) {
    await db
      .updateTable('credentials')
      .set({ refresh_requested_at: null })
      .where('id', '=', credential.id)
      .execute();
    return 'skipped';
  }
  const startedAt = clock();
  let result: ConnectorResult;
  try {
    const secret = credential.secret_ciphertext
      ? openCredentialSecret(key, credential.company_id, credential.secret_ciphertext)
      : null;
    result = await findConnector(credential.entity_id).refresh({
      credential: {
        entityId: credential.entity_id,
        login: credential.login,
        state: credential.connector_state,
        titularName: await findTitularName(db, credential.id),
      },
      secret,
      asOf: startedAt,
    });
  } catch (error) {
    // Never the secret: only which credential and the error's message.
    deps.log?.warn(
      { credentialsId, err: error instanceof Error ? error.message : 'error' },
      'refresh failed',
    );
    result = { outcome: 'down' };
  }
  const elapsedMs = Math.max(0, clock().getTime() - startedAt.getTime());
  await applyRefreshResult(db, credential, result, startedAt, elapsedMs);
  return result.outcome;
}

/**
 * `updated_at` to the millisecond, as a Date read back holds it (the database default keeps micro-
 * seconds): a refresh writes only onto the credential as it read it.
 */
const updatedAtMs = sql<Date>`date_trunc('milliseconds', updated_at)`;

/**
 * Writes what a refresh found: the snapshot on success, the status fields always (a failure only onto
 * the credential as it was read, `credential.updated_at`).
 */
export async function applyRefreshResult(
  db: Db,
  credential: Pick<CredentialsRow, 'id' | 'company_id' | 'client_id' | 'sca_token' | 'updated_at'>,
  result: ConnectorResult,
  now: Date,
  elapsedMs: number | null = null,
): Promise<void> {
  const attempt = {
    last_update: now,
    refresh_requested_at: null,
    update_time_ms: elapsedMs,
    updated_at: now,
  };
  if (result.outcome === 'ok') {
    await db.transaction().execute(async (trx) => {
      await saveSuccess(trx, credential, result, now, {
        update_time_ms: elapsedMs,
        unchangedSince: credential.updated_at,
      });
    });
    return;
  }
  const set =
    result.outcome === 'sca_required'
      ? // The institution wants SCA: keep the token we already hold, so a link given out stays valid.
        { ...attempt, status: 'sca', error: null, sca_token: credential.sca_token ?? result.scaToken }
      : result.outcome === 'down'
        ? { ...attempt, status: 'error', error: 'down' as const }
        : { ...attempt, status: 'error', error: result.outcome, blocked: true };
  // Only if nothing wrote the credential since this refresh read it: a stale failure must not undo a
  // newer success (a reset that repaired it meanwhile).
  await db
    .updateTable('credentials')
    .set(set)
    .where('id', '=', credential.id)
    .where(updatedAtMs, '<=', credential.updated_at)
    .execute();
}

/**
 * A successful read: status fields (last success and attempt now, no error, not blocked, no SCA
 * pending) and the snapshot, in the caller's transaction. Returns false if the credential is gone
 * (or changed since `unchangedSince`).
 */
export async function saveSuccess(
  trx: Db,
  credential: Pick<CredentialsRow, 'id' | 'company_id' | 'client_id'>,
  success: ConnectorSuccess,
  now: Date,
  options: {
    update_time_ms?: number | null;
    secret_ciphertext?: string;
    login?: string;
    /** A hosted flow the holder completed: their new consent's end and their page's language. */
    consent_expires_at?: Date;
    holder_language?: string;
    /**
     * A scheduled refresh writes only onto the credential as it read it: a reset to a new login
     * meanwhile must not be overwritten by the old login's state and products.
     */
    unchangedSince?: Date;
  } = {},
): Promise<boolean> {
  const { unchangedSince, ...extra } = options;
  const updated = await trx
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
      connector_state: JSON.stringify(success.state),
      updated_at: now,
    })
    .where('id', '=', credential.id)
    .$if(unchangedSince !== undefined, (qb) => qb.where(updatedAtMs, '<=', unchangedSince as Date))
    .returning('id')
    .executeTakeFirst();
  if (!updated) return false;
  await writeSnapshot(
    trx,
    { companyId: credential.company_id, credentialsId: credential.id, clientId: credential.client_id, now },
    success.snapshot,
  );
  return true;
}

/**
 * The scheduler's sweep: every credential not blocked, with a live consent, whose last attempt is older than the interval
 * (and not already queued) is handed to `enqueue`, oldest first. Returns the ids queued.
 */
export async function enqueueDueRefreshes(
  db: Db,
  now: Date,
  options: { intervalMinutes: number; limit?: number },
  enqueue: (credentialsId: string) => Promise<boolean>,
): Promise<string[]> {
  const dueBefore = new Date(now.getTime() - options.intervalMinutes * 60_000);
  const queuedSince = new Date(now.getTime() - 60 * 60_000);
  const due = await db
    .selectFrom('credentials')
    .select('id')
    .where('blocked', '=', false)
    // An expired consent is not refreshed until the holder renews it.
    .where('consent_expires_at', '>', now)
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
    .where((eb) => eb.or([eb('last_update', 'is', null), eb('last_update', '<=', dueBefore)]))
    .where((eb) =>
      eb.or([eb('refresh_requested_at', 'is', null), eb('refresh_requested_at', '<', queuedSince)]),
    )
    .orderBy('last_update', (order) => order.asc().nullsFirst())
    .orderBy('id')
    .limit(options.limit ?? 1000)
    .execute();
  const queued: string[] = [];
  for (const { id } of due) {
    if (await enqueue(id)) queued.push(id);
  }
  if (queued.length > 0) {
    await db
      .updateTable('credentials')
      .set({ refresh_requested_at: now })
      .where('id', 'in', queued)
      .execute();
  }
  return queued;
}
