import { SCA_STALE_AFTER_MS } from '@caudal/contract';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { emitEvent } from '../../shared/events/emit-event';

/** Migration 0024's marks: the last successful update each "SCA due" event announced. */
interface ScaDueMarksTable {
  credentials_id: string;
  last_success_at: Date | null;
  marked_at: Date;
}
type MarksDb = Kysely<Database & { webhook_sca_due_marks: ScaDueMarksTable }>;

const withMarks = (db: Db): MarksDb => db.withTables<{ webhook_sca_due_marks: ScaDueMarksTable }>();

/**
 * "SCA due" happens by time alone (an SCA token and a last successful update older than 20 h, the
 * spec's needsAction rule), so no change writes it. This scan, run on a schedule by one instance at a
 * time, emits `credentials.needs_action` once per credential and transition: the mark records the last
 * successful update it announced, and a conditional upsert decides, in the event's own transaction,
 * whether this scan is the one that announces it. The credential itself is never written.
 */
export async function emitDueScaEvents(db: Db, now: Date, limit = 500): Promise<number> {
  const staleBefore = new Date(now.getTime() - SCA_STALE_AFTER_MS);
  const due = await withMarks(db)
    .selectFrom('credentials')
    .select(['id', 'company_id', 'token', 'entity_id', 'last_success_at'])
    .where('sca_token', 'is not', null)
    .where('blocked', '=', false)
    .where((eb) => eb.or([eb('last_success_at', 'is', null), eb('last_success_at', '<', staleBefore)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_sca_due_marks as m')
            .select('m.credentials_id')
            .whereRef('m.credentials_id', '=', 'credentials.id')
            .where((mb) =>
              mb.or([
                mb.and([mb('m.last_success_at', 'is', null), mb('credentials.last_success_at', 'is', null)]),
                mb('m.last_success_at', '=', mb.ref('credentials.last_success_at')),
              ]),
            ),
        ),
      ),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  let emitted = 0;
  for (const credential of due) {
    const isAnnounced = await db.transaction().execute(async (trx) => {
      const marked = await withMarks(trx)
        .insertInto('webhook_sca_due_marks')
        .values({
          credentials_id: credential.id,
          last_success_at: credential.last_success_at,
          marked_at: now,
        })
        .onConflict((oc) =>
          oc
            .column('credentials_id')
            .doUpdateSet({ last_success_at: credential.last_success_at, marked_at: now })
            .where((eb) =>
              credential.last_success_at === null
                ? eb('webhook_sca_due_marks.last_success_at', 'is not', null)
                : eb.or([
                    eb('webhook_sca_due_marks.last_success_at', 'is', null),
                    eb('webhook_sca_due_marks.last_success_at', '!=', credential.last_success_at),
                  ]),
            ),
        )
        .returning('credentials_id')
        .executeTakeFirst();
      if (!marked) return false;
      await emitEvent(
        trx,
        {
          companyId: credential.company_id,
          type: 'credentials.needs_action',
          data: { credentials_token: credential.token, bank: credential.entity_id, reason: 'sca_due' },
        },
        now,
      );
      return true;
    });
    if (isAnnounced) emitted += 1;
  }
  return emitted;
}
