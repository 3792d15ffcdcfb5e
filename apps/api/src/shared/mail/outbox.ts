import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface OutgoingMail {
  companyId: string | null;
  to: string;
  subject: string;
  text: string;
}

/** Queues a mail in the caller's transaction: it is sent only if the transaction commits. */
export async function queueMail(db: Db, mail: OutgoingMail): Promise<string> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ company_id: mail.companyId, to_address: mail.to, subject: mail.subject, body_text: mail.text })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The latest mails queued to an address, newest first: the operator's view when no SMTP is set up. */
export async function findOutboxMails(db: Db, query: { to: string; limit: number }) {
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
