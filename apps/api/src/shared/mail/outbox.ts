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
