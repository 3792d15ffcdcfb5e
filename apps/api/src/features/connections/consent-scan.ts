import { deriveConsent } from '@caudal/contract';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { appendAuditEvent } from '../../shared/audit/append-audit-event';
import { emitEvent } from '../../shared/events/emit-event';
import type { Logger } from '../../shared/logger';
import { findHolderEmail, holderLanguage, issueConsentRenewal } from './consent-renewal';

const DAY_MS = 86_400_000;
/** Credentials handled per pass and per kind; the next hourly pass takes the rest. */
const SCAN_BATCH = 500;
/** The audit log's actor for what the scheduler does on its own. */
const SYSTEM_ACTOR = { kind: 'operator', id: null, name: 'consent-scan' } as const;

export interface ConsentScanDeps {
  db: Db;
  config: Pick<Config, 'linkBaseUrl' | 'publicUrl' | 'consentReminderDays'>;
  now: Date;
  log?: Pick<Logger, 'info' | 'warn'>;
}

export interface ConsentScanResult {
  /** Reminders mailed (a holder without an address is counted in `unreachable`). */
  reminders: number;
  unreachable: number;
  /** The outbox rows queued, for the caller to hand to a mail worker once committed. */
  outboxIds: string[];
  expiring: number;
  expired: number;
}

/**
 * The scheduled scan (hourly, one instance at a time). For each consent period (a credential and its
 * end date) it does each thing at most once, recorded in consent_notices under the same transaction:
 *
 * - a reminder when the end is within one of `consentReminderDays` (14 and 3 by default): a renewal
 *   link mailed to the holder in their language, audited with the system as actor. A consent already
 *   inside a smaller window (connected 2 days before its end) gets only that reminder, not every one;
 * - `consent.expiring` when the first reminder window opens, `consent.expired` once it has ended.
 *
 * A renewal gives the credential a new end date, so a new period starts with nothing done.
 */
export async function scanConsents(deps: ConsentScanDeps): Promise<ConsentScanResult> {
  const result: ConsentScanResult = { reminders: 0, unreachable: 0, outboxIds: [], expiring: 0, expired: 0 };
  const windows = [...deps.config.consentReminderDays].sort((a, b) => b - a);
  const widest = windows[0];
  if (widest !== undefined) await remindExpiring(deps, windows, widest, result);
  await announceExpired(deps, result);
  if (result.reminders + result.unreachable + result.expired > 0) {
    const { outboxIds: _ids, ...counts } = result;
    deps.log?.info(counts, 'consent scan');
  }
  return result;
}

/** Live company, credential not yet noticed for `kind` in its current period. */
function notNoticed(kind: string) {
  return sql<boolean>`not exists (
    select 1 from consent_notices
    where consent_notices.credentials_id = credentials.id
      and consent_notices.consent_expires_at = credentials.consent_expires_at
      and consent_notices.kind = ${kind})`;
}

function selectScanned(db: Db) {
  return db
    .selectFrom('credentials')
    .innerJoin('companies', 'companies.id', 'credentials.company_id')
    .where('companies.disabled_at', 'is', null)
    .select([
      'credentials.id',
      'credentials.token',
      'credentials.company_id',
      'credentials.client_id',
      'credentials.entity_id',
      'credentials.consent_expires_at',
      'credentials.holder_language',
      'companies.language as company_language',
    ]);
}

/** Records a notice; false when another pass already did (the caller then does nothing). */
async function claimNotice(trx: Db, credential: { id: string; consent_expires_at: Date }, kind: string) {
  const row = await trx
    .insertInto('consent_notices')
    .values({ credentials_id: credential.id, consent_expires_at: credential.consent_expires_at, kind })
    .onConflict((conflict) => conflict.doNothing())
    .returning('kind')
    .executeTakeFirst();
  return row !== undefined;
}

async function remindExpiring(
  deps: ConsentScanDeps,
  windows: number[],
  widest: number,
  result: ConsentScanResult,
): Promise<void> {
  const { db, now } = deps;
  const smallestOf = (expiresAt: Date) => {
    const leftMs = expiresAt.getTime() - now.getTime();
    return windows.filter((days) => leftMs <= days * DAY_MS).at(-1) ?? widest;
  };
  const candidates = await selectScanned(db)
    .where('credentials.consent_expires_at', '>', now)
    .where('credentials.consent_expires_at', '<=', new Date(now.getTime() + widest * DAY_MS))
    // Only what still owes something (a batch of already-reminded rows must not starve the others):
    // the event, or the reminder of the smallest window the end date is in.
    .where((eb) =>
      eb.or([
        notNoticed('expiring'),
        ...windows.map((days, index) => {
          const smaller = windows[index + 1];
          return eb.and([
            eb('credentials.consent_expires_at', '<=', new Date(now.getTime() + days * DAY_MS)),
            ...(smaller === undefined
              ? []
              : [eb('credentials.consent_expires_at', '>', new Date(now.getTime() + smaller * DAY_MS))]),
            eb(notNoticed(`reminder-${days}`), '=', true),
          ]);
        }),
      ]),
    )
    .orderBy('credentials.consent_expires_at')
    .limit(SCAN_BATCH)
    .execute();
  for (const credential of candidates) {
    const days = smallestOf(credential.consent_expires_at);
    await db.transaction().execute(async (trx) => {
      if (await claimNotice(trx, credential, 'expiring')) {
        await emitEvent(
          trx,
          {
            companyId: credential.company_id,
            type: 'consent.expiring',
            data: {
              credentials_token: credential.token,
              consent_expires_at: credential.consent_expires_at.toISOString(),
              days_left: deriveConsent(credential.consent_expires_at, now).daysLeft,
            },
          },
          now,
        );
        result.expiring += 1;
      }
      if (!(await claimNotice(trx, credential, `reminder-${days}`))) return;
      // The wider windows this consent is already past are spent too: one reminder, never a burst.
      for (const wider of windows.filter((other) => other > days)) {
        await claimNotice(trx, credential, `reminder-${wider}`);
      }
      const sendTo = await findHolderEmail(trx, credential.id);
      const language = holderLanguage(credential, credential.company_language);
      if (sendTo) {
        const { outboxId } = await issueConsentRenewal(trx, deps.config, {
          credential,
          language,
          sendTo,
          mailKind: 'reminder',
          createdBy: null,
          now,
        });
        if (outboxId) result.outboxIds.push(outboxId);
        result.reminders += 1;
      } else {
        result.unreachable += 1;
        deps.log?.warn({ credentialsId: credential.id }, 'consent reminder: the holder has no address');
      }
      await appendAuditEvent(
        trx,
        {
          companyId: credential.company_id,
          kind: 'change',
          action: 'consent-reminder',
          actor: SYSTEM_ACTOR,
          targets: {
            credential: credential.token,
            ...(credential.client_id ? { client: credential.client_id } : {}),
          },
          ip: null,
          userAgent: null,
          requestId: null,
          changes: {
            days_before: { new: days },
            sent_to: { new: sendTo },
            language: { new: language },
          },
        },
        now,
      );
    });
  }
}

async function announceExpired(deps: ConsentScanDeps, result: ConsentScanResult): Promise<void> {
  const { db, now } = deps;
  const ended = await selectScanned(db)
    .where('credentials.consent_expires_at', '<=', now)
    .where(notNoticed('expired'))
    .orderBy('credentials.consent_expires_at')
    .limit(SCAN_BATCH)
    .execute();
  for (const credential of ended) {
    await db.transaction().execute(async (trx) => {
      if (!(await claimNotice(trx, credential, 'expired'))) return;
      await emitEvent(
        trx,
        {
          companyId: credential.company_id,
          type: 'consent.expired',
          data: {
            credentials_token: credential.token,
            consent_expires_at: credential.consent_expires_at.toISOString(),
          },
        },
        now,
      );
      result.expired += 1;
    });
  }
}
