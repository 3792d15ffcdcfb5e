import type { Db } from '../../db/database';
import type { CredentialsRow } from '../../db/schema';
import { type ConnectorResult, type ConnectorSuccess, findConnector } from '../../engine/connectors';
import { writeSnapshot } from '../../engine/snapshot-writer';
import type { Clock } from '../../shared/clock';
import type { SecretKey } from '../../shared/crypto/sealing';
import { emitEvent } from '../../shared/events/emit-event';
import type { Logger } from '../../shared/logger';
import { randomToken } from '../../shared/secure-tokens';
import { recordInstitutionOutcome } from '../funnel';
import { findTitularName, markRefreshRequested } from './connections.repository';
import { openCredentialSecret } from './credential-sealing';
import {
  clearRefreshRequest,
  findDueCredentialIds,
  findRefreshableCredential,
  saveFailedAttempt,
  saveSucceededAttempt,
} from './refresh.repository';

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
  const credential = await findRefreshableCredential(db, credentialsId);
  if (!credential) return 'skipped';
  // Blocked: only a reset unblocks it. Consent expired: the institution would refuse the read until the
  // holder renews (a renewal link), so nothing is asked of it.
  if (credential.blocked || credential.consent_expires_at.getTime() <= clock().getTime()) {
    await clearRefreshRequest(db, credential.id);
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
  await recordInstitutionOutcome(
    db,
    {
      companyId: credential.company_id,
      entityId: credential.entity_id,
      kind: 'refresh',
      outcome: result.outcome === 'ok' ? 'success' : result.outcome,
    },
    startedAt,
  );
  return result.outcome;
}

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
  // newer success (a reset that repaired it meanwhile). A credential this refresh blocks needs action
  // now: its event commits with the status (an SCA wait needs action only after 20 h: the scan's).
  await db.transaction().execute(async (trx) => {
    const written = await saveFailedAttempt(trx, credential.id, set, credential.updated_at);
    if (written && (result.outcome === 'blocked' || result.outcome === 'invalid_access')) {
      await emitEvent(
        trx,
        {
          companyId: written.company_id,
          type: 'credentials.needs_action',
          data: { credentials_token: written.token, bank: written.entity_id, reason: result.outcome },
        },
        now,
      );
    }
  });
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
  const updated = await saveSucceededAttempt(
    trx,
    credential.id,
    { ...extra, now, connectorState: success.state },
    unchangedSince,
  );
  if (!updated) return false;
  // New data (a refresh, a reset or a reauthorisation): the event commits with it.
  await emitEvent(
    trx,
    {
      companyId: credential.company_id,
      type: 'credentials.updated',
      data: { credentials_token: updated.token, bank: updated.entity_id, status: 'ok' },
    },
    now,
  );
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
  const due = await findDueCredentialIds(db, { dueBefore, queuedSince, now, limit: options.limit ?? 1000 });
  const queued: string[] = [];
  for (const id of due) {
    if (await enqueue(id)) queued.push(id);
  }
  await markRefreshRequested(db, queued, now);
  return queued;
}
