import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface OutgoingMail {
  companyId: string | null;
  to: string;
  subject: string;
  text: string;
}

/**
 * The most waiting mails a company's backlog is counted up to: a mail behind that many is simply behind a
 * long backlog, and counting stops there.
 */
export const MAIL_BACKLOG_CAP = 10_000;

/** Queues a mail in the caller's transaction: it is sent only if the transaction commits. */
export async function queueMail(db: Db, mail: OutgoingMail): Promise<string> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ company_id: mail.companyId, to_address: mail.to, subject: mail.subject, body_text: mail.text })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A queued mail's turn: how many other mails of its company (the platform's: `company_id` null) wait to
 * be sent, up to `MAIL_BACKLOG_CAP`. Read in the database once the mail committed, so every instance
 * sees every instance's backlog; through the small partial index of pending mail.
 */
export async function findMailTurn(db: Db, outboxId: string): Promise<number> {
  const { rows } = await sql<{ ahead: number }>`
    select count(*)::int as ahead
    from (
      select 1
      from mail_outbox mail
      join mail_outbox waiting
        on waiting.status = 'pending' and waiting.id <> mail.id
        and (waiting.company_id = mail.company_id or (waiting.company_id is null and mail.company_id is null))
      where mail.id = ${outboxId}
      limit ${MAIL_BACKLOG_CAP}
    ) ahead`.execute(db);
  return rows[0]?.ahead ?? 0;
}

/**
 * Where a mail is: waiting, sent, `not_sent` (no SMTP is set up: it went only to the server's log) or
 * `failed` (given up after its last attempt).
 */
export type MailStatus = 'pending' | 'sent' | 'not_sent' | 'failed';

export interface OutboxMail {
  to: string;
  subject: string;
  status: MailStatus;
  created_at: string;
  /** Empty once sent, and once an unsent mail's links expired (mail-housekeeping.ts): they are secrets. */
  text: string;
}

/**
 * The latest mails queued to an address, newest first: the operator's view when no SMTP is set up, or
 * when it fails. Mail nobody received still has its text, links included, while those links are valid.
 */
export async function findOutboxMails(db: Db, query: { to: string; limit: number }): Promise<OutboxMail[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'body_text', 'status', 'created_at'])
    .where(sql<boolean>`lower(to_address) = ${query.to.trim().toLowerCase()}`)
    .orderBy('created_at', 'desc')
    .limit(query.limit)
    .execute();
  return rows.map((row) => ({
    to: row.to_address,
    subject: row.subject,
    status: row.status,
    created_at: row.created_at.toISOString(),
    text: row.body_text,
  }));
}
