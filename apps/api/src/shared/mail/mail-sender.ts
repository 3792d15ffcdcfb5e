import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { addMinutes, type Clock } from '../clock';
import type { Logger } from '../logger';
import type { MailTransport } from './mail-transport';

export const MAX_MAIL_ATTEMPTS = 5;
/** A sender owns a claimed row this long; if it dies mid-send, another may retry after. */
const CLAIM_MINUTES = 2;

export interface MailSenderDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  transport: MailTransport;
  mailFrom: string;
}

/** `not_sent`: no SMTP server is set up, so the mail only went to the log (`MailTransport.isLogOnly`). */
export type DeliveryResult = 'sent' | 'not_sent' | 'retry' | 'failed' | 'skipped';

/** Recorded as a `not_sent` mail's `last_error`, for support reading the outbox. */
export const NO_SMTP_REASON = 'SMTP_URL is not set: the mail was written to the log only';

/** Sends one outbox row. Throws after a failed attempt that may be retried, so the job queue retries. */
export async function deliverMail(deps: MailSenderDeps, outboxId: string): Promise<DeliveryResult> {
  const result = await attemptDelivery(deps, outboxId);
  if (result === 'retry') throw new Error(`Mail ${outboxId} could not be sent; it will be retried`);
  return result;
}

/**
 * Sends pending rows (the sweep for mails whose job was lost), companies in turn: each company's oldest
 * waiting mail first (the platform's, `company_id` null, counts as one company), then each one's second,
 * and so on, so one company's backlog never holds back another's mail here either.
 */
export async function deliverPendingMail(deps: MailSenderDeps, limit = 50): Promise<DeliveryResult[]> {
  const { rows: pending } = await sql<{ id: string }>`
    select id
    from (
      select id, created_at,
        row_number() over (partition by company_id order by created_at, id) as turn
      from mail_outbox
      where status = 'pending'
    ) waiting
    order by turn, created_at, id
    limit ${limit}
  `.execute(deps.db);
  const results: DeliveryResult[] = [];
  for (const row of pending) results.push(await attemptDelivery(deps, row.id));
  return results;
}

async function attemptDelivery(deps: MailSenderDeps, outboxId: string): Promise<DeliveryResult> {
  const now = deps.clock();
  const mail = await claimMail(deps.db, outboxId, now);
  if (!mail) return 'skipped';
  try {
    await deps.transport.send({
      from: deps.mailFrom,
      to: mail.to_address,
      subject: mail.subject,
      text: mail.body_text,
    });
  } catch (error) {
    const isFinal = mail.attempts >= MAX_MAIL_ATTEMPTS;
    const message = error instanceof Error ? error.message : String(error);
    await deps.db
      .updateTable('mail_outbox')
      .set({
        status: isFinal ? 'failed' : 'pending',
        last_error: message.slice(0, 1000),
        claimed_until: null,
      })
      .where('id', '=', outboxId)
      .execute();
    deps.log.warn({ outboxId, attempts: mail.attempts, isFinal }, 'mail delivery failed');
    return isFinal ? 'failed' : 'retry';
  }
  if (deps.transport.isLogOnly) {
    await recordNotSent(deps.db, outboxId);
    return 'not_sent';
  }
  await deps.db
    .updateTable('mail_outbox')
    // The body holds a single-use link: once delivered, nobody needs it in the database.
    .set({ status: 'sent', sent_at: deps.clock(), claimed_until: null, last_error: null, body_text: '' })
    .where('id', '=', outboxId)
    .execute();
  return 'sent';
}

/**
 * Nobody received the mail, so its text (an invitation or reset link, say) is kept: an operator without
 * the server's log reads it with `mail list` and hands the link on. Housekeeping erases it once any link
 * in it has expired (mail-housekeeping.ts). Final, not pending: the sweep would log it again every 5
 * minutes.
 */
function recordNotSent(db: Db, outboxId: string) {
  return db
    .updateTable('mail_outbox')
    .set({ status: 'not_sent', claimed_until: null, last_error: NO_SMTP_REASON })
    .where('id', '=', outboxId)
    .execute();
}

function claimMail(db: Db, outboxId: string, now: Date) {
  return db
    .updateTable('mail_outbox')
    .set({ claimed_until: addMinutes(now, CLAIM_MINUTES), attempts: sql`attempts + 1` })
    .where('id', '=', outboxId)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .returningAll()
    .executeTakeFirst();
}
