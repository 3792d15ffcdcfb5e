import { sql } from 'kysely';
import { runWithoutOwed } from '../../db/before-first-commit';
import type { Db } from '../../db/database';
import type { JobModule } from '../jobs/jobs';
import type { Logger } from '../logger';
import {
  CURRENT_HASH_VERSION,
  chainKeyOf,
  digestAuditContent,
  GENESIS_HASH,
  linkAuditHash,
} from './audit-event';
import { onAuditCommitted } from './audit-signal';

/** Events one company gets sealed per pass: a burst of one company waits its turn, not the others. */
export const SEAL_BATCH = 500;

/**
 * One pass of the sealer (decision 0049): every company with committed events waiting gets up to
 * `batch` of them chained, in turn. Answers how many were sealed and whether some company has more.
 */
export async function sealAuditEvents(
  db: Db,
  batch = SEAL_BATCH,
): Promise<{ sealed: number; hasMore: boolean }> {
  const waiting = await db.selectFrom('audit_unsealed').select('company_key').distinct().execute();
  let sealed = 0;
  let hasMore = false;
  let failure: unknown = null;
  for (const { company_key: companyKey } of waiting) {
    try {
      const count = await sealCompany(db, companyKey, batch);
      sealed += count;
      if (count === batch) hasMore = true;
    } catch (error) {
      // One company's failure (its markers stay for the next pass) does not hold the others back.
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return { sealed, hasMore };
}

/**
 * Chains up to `batch` of a company's waiting events, oldest position first, in one transaction: it
 * takes the company's chain head (the per-company lock; another instance sealing the same company is
 * skipped, not waited for), takes the events' markers, gives each event the next seq and the previous
 * event's hash in an `audit_seals` row, and moves the head. A crash anywhere rolls all of it back: the
 * markers stay, the next pass seals them. Answers how many it sealed.
 */
export async function sealCompany(db: Db, companyKey: string, batch = SEAL_BATCH): Promise<number> {
  const companyId = companyKey === chainKeyOf(null) ? null : companyKey;
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('audit_chain_heads')
      .values({
        company_key: companyKey,
        purged_through_seq: 0,
        purged_through_hash: GENESIS_HASH,
        last_seq: 0,
        last_hash: GENESIS_HASH,
        prior_hash: GENESIS_HASH,
      })
      .onConflict((oc) => oc.column('company_key').doNothing())
      .execute();
    const head = await trx
      .selectFrom('audit_chain_heads')
      .select(['last_seq', 'last_hash'])
      .where('company_key', '=', companyKey)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!head) return 0;
    const taken = await sql<{ position: string }>`
      delete from audit_unsealed
      where ctid = any(array(
        select ctid from audit_unsealed where company_key = ${companyKey} order by position limit ${batch}
      ))
      returning position
    `.execute(trx);
    if (taken.rows.length === 0) return 0;
    const events = await trx
      .selectFrom('audit_events')
      .selectAll()
      .where((eb) => (companyId === null ? eb('company_id', 'is', null) : eb('company_id', '=', companyId)))
      .where(
        'position',
        'in',
        taken.rows.map((row) => row.position),
      )
      .orderBy('position')
      .execute();
    if (events.length === 0) return 0;
    let seq = BigInt(head.last_seq);
    let previous = head.last_hash;
    let prior = previous;
    const seals = events.map(({ id: _id, position, ...content }) => {
      seq += 1n;
      const digest = digestAuditContent({ ...content, occurred_at: new Date(content.occurred_at) });
      const hash = linkAuditHash(digest, seq.toString(), previous);
      const seal = {
        position,
        company_key: companyKey,
        seq: seq.toString(),
        previous_hash: previous,
        hash,
        hash_version: CURRENT_HASH_VERSION,
      };
      prior = previous;
      previous = hash;
      return seal;
    });
    await trx.insertInto('audit_seals').values(seals).execute();
    await trx
      .updateTable('audit_chain_heads')
      .set({ last_seq: seq.toString(), last_hash: previous, prior_hash: prior })
      .where('company_key', '=', companyKey)
      .execute();
    return seals.length;
  });
}

export interface AuditSealer {
  /** Asks for a pass soon; settles when the passes it caused are over. */
  wake(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * When the sealer runs: shortly after this process commits an audited change (`delayMs` lets a burst
 * gather into one pass), on a timer as a fallback (events other instances or the command line wrote,
 * a wake lost in a crash), and at start (events committed and never sealed before a restart). One pass
 * at a time; a pass that left work asks for the next at once.
 */
export function startAuditSealer(options: {
  db: Db;
  log: Pick<Logger, 'warn'>;
  delayMs?: number;
  fallbackMs?: number;
}): AuditSealer {
  const delayMs = options.delayMs ?? 100;
  let isStopped = false;
  let isAskedAgain = false;
  let draining: Promise<void> | null = null;
  let delayed: NodeJS.Timeout | null = null;

  async function drain() {
    try {
      while (isAskedAgain && !isStopped) {
        isAskedAgain = false;
        try {
          if ((await sealAuditEvents(options.db)).hasMore) isAskedAgain = true;
        } catch (error) {
          options.log.warn({ err: error }, 'audit sealing failed; the next pass retries');
        }
      }
    } finally {
      draining = null;
    }
  }

  function wake(): Promise<void> {
    if (isStopped) return Promise.resolve();
    isAskedAgain = true;
    // Woken from a request's after-commit hook: the passes run outside that request's owed work.
    draining ??= runWithoutOwed(drain);
    return draining;
  }

  function wakeSoon() {
    if (isStopped || delayed) return;
    delayed = setTimeout(() => {
      delayed = null;
      void wake();
    }, delayMs);
  }

  const unsubscribe = onAuditCommitted(wakeSoon);
  const timer = setInterval(() => void wake(), options.fallbackMs ?? 10_000);
  timer.unref();
  void wake();

  return {
    wake,
    async stop() {
      isStopped = true;
      unsubscribe();
      clearInterval(timer);
      if (delayed) clearTimeout(delayed);
      await draining;
    },
  };
}

/** The sealer as one of the jobs side's modules (it runs where jobs run, never inside a request). */
export function auditSealJobs(deps: { db: Db }): JobModule {
  return {
    name: 'audit-sealer',
    async start(_boss, log) {
      const sealer = startAuditSealer({ db: deps.db, log });
      return () => sealer.stop();
    },
  };
}
