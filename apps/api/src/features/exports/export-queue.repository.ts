import type { Export } from '@caudal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/in-transaction';
import { retryLater } from '../../shared/app-error';
import {
  CLAIMED_COLUMNS,
  type ClaimedExport,
  type ClaimedExportRow,
  insertExport,
  type NewExport,
  toClaimedExport,
} from './exports.repository';

/** How many exports may wait or run at once (settings: EXPORT_MAX_ACTIVE_PER_USER / _PER_COMPANY). */
export interface ExportCaps {
  maxActivePerUser: number;
  maxActivePerCompany: number;
}

/** A refused export can be asked for again once one of the caller's finishes: seconds, as a hint. */
const RETRY_AFTER_SECONDS = 10;

/**
 * Records a queued export unless its user or its company already has as many waiting or running as
 * the caps allow (`TooManyExports`, 429), and answers it as the export list shows it.
 *
 * The export is inserted first, without a lock; then one statement takes its company's row lock and
 * counts the active exports, its own included (migration 0039). Concurrent requests queue on that lock,
 * each counting what the one before committed, so they cannot all pass the same count; the lock is held
 * from that statement to the commit only. Past a cap the transaction rolls back with the insert.
 */
export async function insertQueuedExport(
  db: Db,
  values: NewExport & { estimatedRows: number },
  caps: ExportCaps,
): Promise<Export> {
  return inTransaction(db, async (trx) => {
    const created = await insertExport(trx, values);
    const active = await sql<{ company_active: string; user_active: string }>`
      select company_active, user_active
      from lock_and_count_active_exports(${values.companyId}::uuid, ${values.createdBy}::uuid)`
      .execute(trx)
      .then((result) => result.rows[0]);
    // The counts include the new export: one more than the cap is past it.
    if (Number(active?.user_active) > caps.maxActivePerUser) {
      throw retryLater(
        'TooManyExports',
        `At most ${caps.maxActivePerUser} exports per user may wait or run at once`,
        RETRY_AFTER_SECONDS,
      );
    }
    if (Number(active?.company_active) > caps.maxActivePerCompany) {
      throw retryLater(
        'TooManyExports',
        `At most ${caps.maxActivePerCompany} exports per company may wait or run at once`,
        RETRY_AFTER_SECONDS,
      );
    }
    return created;
  });
}

/**
 * Takes the next queued export, in turn across companies: the company with the fewest exports
 * running goes first, then the one whose latest claim is the oldest (one that never ran goes before
 * all), then its export asked for first. `maxRows` set: only exports estimated at most that big (the slot
 * reserved for small ones). `SKIP LOCKED`: instances claiming at once take different rows, none waits.
 */
export async function claimNextExport(
  db: Db,
  options: { now: Date; maxRows: number | null },
): Promise<ClaimedExport | null> {
  const sizeBound = (table: string) =>
    options.maxRows === null ? sql`true` : sql`${sql.ref(`${table}.estimated_rows`)} <= ${options.maxRows}`;
  const result = await sql<ClaimedExportRow>`
    with waiting as (
      select distinct company_id from exports where status = 'queued' and ${sizeBound('exports')}
    ), turns as (
      select
        w.company_id,
        (select count(*) from exports r where r.company_id = w.company_id and r.status = 'running')
          as running,
        (select max(s.started_at) from exports s where s.company_id = w.company_id and s.started_at is not null)
          as last_started
      from waiting w
    ), candidate as (
      select e.id
      from exports e
      join turns t on t.company_id = e.company_id
      where e.status = 'queued' and ${sizeBound('e')}
      order by t.running, t.last_started nulls first, e.queue_position
      limit 1
      for update of e skip locked
    )
    update exports set status = 'running', started_at = ${options.now}, heartbeat_at = ${options.now}
    from candidate
    where exports.id = candidate.id and exports.status = 'queued'
    returning ${CLAIMED_COLUMNS}
  `.execute(db);
  const row = result.rows[0];
  return row ? toClaimedExport(row) : null;
}
