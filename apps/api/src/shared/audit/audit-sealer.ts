import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { JobModule } from '../jobs/jobs';
import { startWakeLoop, type WakeLoop } from '../jobs/wake-loop';
import type { Logger } from '../logger';
import { CURRENT_HASH_VERSION, digestAuditContent, GENESIS_HASH, linkAuditHash } from './audit-event';
import { onAuditCommitted } from './audit-signal';

/** Events one company gets sealed per pass: a burst of one company waits its turn, not the others. */
export const SEAL_BATCH = 500;

/**
 * One pass of the sealer (decision 0049), one transaction whatever the number of companies: every
 * company with committed events waiting gets up to `batch` of them chained, oldest position first.
 * It takes those companies' chain heads (the per-company lock; a head another instance is sealing is
 * skipped, not waited for, and other companies never wait for it), takes the events' markers, gives
 * each event the next seq of its company and the previous event's hash in an `audit_seals` row, and
 * moves the heads. A crash anywhere rolls all of it back: the markers stay, the next pass seals them.
 * Answers how many were sealed and whether some company has more waiting.
 */
export async function sealAuditEvents(
  db: Db,
  batch = SEAL_BATCH,
): Promise<{ sealed: number; hasMore: boolean }> {
  try {
    return await sealPass(db, batch);
  } catch (error) {
    // Something in one company's chain refuses its seals (a hand-made seal in the way): each company
    // is then sealed on its own, so the others are not held back; the failure is still reported.
    const waiting = await db.selectFrom('audit_unsealed').select('company_key').distinct().execute();
    for (const { company_key: companyKey } of waiting) {
      await sealPass(db, batch, companyKey).catch(() => {
        // That company's markers stay for the next pass; the whole pass's error is thrown below.
      });
    }
    throw error;
  }
}

async function sealPass(db: Db, batch: number, only?: string): Promise<{ sealed: number; hasMore: boolean }> {
  return db.transaction().execute(async (trx) => {
    const waiting =
      only === undefined ? sql`select distinct company_key from audit_unsealed` : sql`select ${only}`;
    // A company's first events: its head row, which every later pass claims.
    await sql`
      insert into audit_chain_heads
        (company_key, purged_through_seq, purged_through_hash, last_seq, last_hash, prior_hash)
      select company_key, 0, ${GENESIS_HASH}, 0, ${GENESIS_HASH}, ${GENESIS_HASH}
      from (${waiting}) as waiting(company_key)
      on conflict (company_key) do nothing
    `.execute(trx);
    const heads = await sql<{ company_key: string; last_seq: string; last_hash: string }>`
      select company_key, last_seq::text as last_seq, last_hash from audit_chain_heads
      where company_key in (${waiting})
      order by company_key
      for update skip locked
    `.execute(trx);
    if (heads.rows.length === 0) return { sealed: 0, hasMore: false };
    const keys = heads.rows.map((head) => head.company_key);
    const taken = await sql<{ position: string; company_key: string; content_digest: string | null }>`
      delete from audit_unsealed
      where ctid = any(array(
        select ctid from (
          select ctid, row_number() over (partition by company_key order by position) as n
          from audit_unsealed where company_key = any(${keys})
        ) ranked where n <= ${batch}
      ))
      returning position::text as position, company_key, content_digest
    `.execute(trx);
    if (taken.rows.length === 0) return { sealed: 0, hasMore: false };
    const byCompany = new Map<string, string[]>();
    for (const row of taken.rows) {
      const positions = byCompany.get(row.company_key) ?? [];
      positions.push(row.position);
      byCompany.set(row.company_key, positions);
    }
    const events = await withDigests(trx, taken.rows);
    const chains = new Map(heads.rows.map((head) => [head.company_key, { ...head, prior: head.last_hash }]));
    const seals = events.map(({ position, company_key: companyKey, digest }) => {
      const chain = chains.get(companyKey);
      if (!chain) throw new Error('An event was taken without its chain head');
      const seq = (BigInt(chain.last_seq) + 1n).toString();
      const hash = linkAuditHash(digest, seq, chain.last_hash);
      const seal = { position, company_key: companyKey, seq, previous_hash: chain.last_hash, hash };
      Object.assign(chain, { last_seq: seq, prior: chain.last_hash, last_hash: hash });
      return seal;
    });
    await sql`
      insert into audit_seals (position, company_key, seq, previous_hash, hash, hash_version)
      select position, company_key, seq, previous_hash, hash, ${CURRENT_HASH_VERSION}
      from unnest(
        ${seals.map((seal) => seal.position)}::bigint[], ${seals.map((seal) => seal.company_key)}::text[],
        ${seals.map((seal) => seal.seq)}::bigint[], ${seals.map((seal) => seal.previous_hash)}::text[],
        ${seals.map((seal) => seal.hash)}::text[]
      ) as seal(position, company_key, seq, previous_hash, hash)
    `.execute(trx);
    const moved = [...chains.values()].filter((chain) => byCompany.has(chain.company_key));
    await sql`
      update audit_chain_heads h
      set last_seq = m.last_seq::bigint, last_hash = m.last_hash, prior_hash = m.prior
      from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb)
        as m(company_key text, last_seq text, last_hash text, prior text)
      where h.company_key = m.company_key
    `.execute(trx);
    const hasMore = [...byCompany.values()].some((positions) => positions.length === batch);
    return { sealed: seals.length, hasMore };
  });
}

interface WaitingEvent {
  position: string;
  company_key: string;
  digest: string;
}

/**
 * The taken events in position order, each with its content digest: the one its marker carries, or,
 * for a marker written before migration 0038, the digest of the event read back.
 */
async function withDigests(
  trx: Db,
  taken: { position: string; company_key: string; content_digest: string | null }[],
): Promise<WaitingEvent[]> {
  const undigested = taken.filter((row) => row.content_digest === null);
  const digests = new Map<string, string>();
  if (undigested.length > 0) {
    const events = await trx
      .selectFrom('audit_events')
      .selectAll()
      .where(
        'position',
        'in',
        undigested.map((row) => row.position),
      )
      .execute();
    for (const { id: _id, position, ...content } of events) {
      // String(): PGlite answers a bigint column as a number, the markers as text.
      digests.set(
        String(position),
        digestAuditContent({ ...content, occurred_at: new Date(content.occurred_at) }),
      );
    }
  }
  const waiting: WaitingEvent[] = [];
  for (const row of taken) {
    const digest = row.content_digest ?? digests.get(row.position);
    // A marker whose event is gone: nothing to chain (verify names what the chain then lacks).
    if (digest !== undefined) waiting.push({ position: row.position, company_key: row.company_key, digest });
  }
  return waiting.sort((a, b) => comparePositions(a.position, b.position));
}

/** Positions are bigints in text: shorter is smaller, then by digits. */
function comparePositions(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

export type AuditSealer = Pick<WakeLoop, 'wake' | 'stop'>;

/**
 * When the sealer runs: shortly after this process commits an audited change (`delayMs` lets a burst
 * gather into one pass), on a timer as a fallback (events other instances or the command line wrote,
 * a wake lost in a crash), and at start (events committed and never sealed before a restart).
 */
export function startAuditSealer(options: {
  db: Db;
  log: Pick<Logger, 'warn'>;
  delayMs?: number;
  fallbackMs?: number;
}): AuditSealer {
  const loop = startWakeLoop({
    pass: async () => (await sealAuditEvents(options.db)).hasMore,
    fallbackMs: options.fallbackMs ?? 10_000,
    delayMs: options.delayMs ?? 250,
    onError: (error) => options.log.warn({ err: error }, 'audit sealing failed; the next pass retries'),
  });
  const unsubscribe = onAuditCommitted(loop.wakeSoon);
  return {
    wake: loop.wake,
    async stop() {
      unsubscribe();
      await loop.stop();
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
