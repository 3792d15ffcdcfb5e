import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { chainKeyOf, hashAuditEvent } from './audit-event';

interface EventAt {
  id: string;
  seq: string;
  occurred_at: string;
  action: string;
}

export type ChainVerdict =
  | {
      ok: true;
      events: number;
      from_seq: string;
      /** Committed events the sealer has not chained yet (they join the chain at its next pass). */
      unsealed: number;
    }
  | {
      ok: false;
      events: number;
      unsealed: number;
      /** The first event whose stored values (or its seal) no longer give its hash. */
      altered?: EventAt;
      /** Events missing before `seq` (a gap in the chain, or a broken link to the previous hash). */
      removed_before?: EventAt & { missing_seq: string };
      /** A sealed event's row is gone while its seal remains. */
      removed?: { seq: string; position: string };
      /** The chain ends before its head says it does: its last events were removed (from `missing_seq`). */
      removed_last?: { missing_seq: string; last_seq: string };
      /** Sealed events exist but the chain's head row is gone (the sealer writes it with every seal). */
      head_missing?: true;
      /**
       * The first event of the company that is neither in its chain nor waiting for the sealer: written
       * around the API (an INSERT straight into the table) or moved from another company's chain.
       */
      outside_chain?: Omit<EventAt, 'seq'> & { position: string };
    };

const BATCH = 1_000;

/**
 * Recomputes a company's chain from its purge boundary (or its start) to the head read first (decision
 * 0049): each seal must follow its predecessor without a gap and carry its hash, its event must exist,
 * and the event's values with the seal's place must give the seal's hash (by its hash version); the
 * chain must reach the head's seq and hash (else its last events were removed). Events sealed while it
 * runs lie past the head read and are left for the next check. Also counts the committed events not
 * sealed yet: the chain protects them once the sealer has passed.
 */
export async function verifyAuditChain(db: Db, companyId: string | null): Promise<ChainVerdict> {
  const companyKey = chainKeyOf(companyId);
  const { unsealed, outside } = await findEventsOffTheChain(db, companyId, companyKey);
  if (outside) return { ok: false, events: 0, unsealed, outside_chain: outside };
  const head = await db
    .selectFrom('audit_chain_heads')
    .select(['purged_through_seq', 'purged_through_hash', 'last_seq', 'last_hash'])
    .where('company_key', '=', companyKey)
    .executeTakeFirst();
  if (!head) {
    const anySeal = await db
      .selectFrom('audit_seals')
      .select('position')
      .where('company_key', '=', companyKey)
      .limit(1)
      .executeTakeFirst();
    return anySeal
      ? { ok: false, events: 0, unsealed, head_missing: true }
      : { ok: true, events: 0, from_seq: '1', unsealed };
  }
  const lastSeq = BigInt(head.last_seq);
  let expectedSeq = BigInt(head.purged_through_seq) + 1n;
  const fromSeq = expectedSeq.toString();
  let previousHash = head.purged_through_hash;
  let events = 0;
  let after = expectedSeq - 1n;
  for (;;) {
    const rows = await db
      .selectFrom('audit_seals as s')
      .leftJoin('audit_events as e', (join) =>
        join
          .onRef('e.position', '=', 's.position')
          .on((eb) =>
            companyId === null ? eb('e.company_id', 'is', null) : eb('e.company_id', '=', companyId),
          ),
      )
      .selectAll('e')
      .select([
        's.position as seal_position',
        's.seq as seal_seq',
        's.previous_hash as seal_previous_hash',
        's.hash as seal_hash',
        's.hash_version as seal_hash_version',
      ])
      .where('s.company_key', '=', companyKey)
      .where('s.seq', '>', after.toString())
      .where('s.seq', '<=', lastSeq.toString())
      .orderBy('s.seq')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const seq = BigInt(row.seal_seq);
      const where = row.id
        ? {
            id: row.id,
            seq: seq.toString(),
            occurred_at: new Date(row.occurred_at as Date).toISOString(),
            action: row.action as string,
          }
        : null;
      if (seq !== expectedSeq || row.seal_previous_hash !== previousHash) {
        return {
          ok: false,
          events,
          unsealed,
          removed_before: {
            ...(where ?? { id: '', seq: seq.toString(), occurred_at: '', action: '' }),
            missing_seq: expectedSeq.toString(),
          },
        };
      }
      if (!where || row.occurred_at === null) {
        return { ok: false, events, unsealed, removed: { seq: seq.toString(), position: row.seal_position } };
      }
      const rest = row;
      const recomputed = hashAuditEvent(
        {
          company_id: rest.company_id ?? null,
          occurred_at: new Date(rest.occurred_at as Date),
          kind: rest.kind as string,
          action: rest.action as string,
          actor_kind: rest.actor_kind as string,
          actor_id: rest.actor_id ?? null,
          actor_name: rest.actor_name ?? null,
          target_client_id: rest.target_client_id ?? null,
          target_credential_id: rest.target_credential_id ?? null,
          target_link_id: rest.target_link_id ?? null,
          target_application_id: rest.target_application_id ?? null,
          target_user_id: rest.target_user_id ?? null,
          ip: rest.ip ?? null,
          user_agent: rest.user_agent ?? null,
          request_id: rest.request_id ?? null,
          changes: rest.changes ?? {},
          seq: seq.toString(),
          previous_hash: row.seal_previous_hash,
        },
        row.seal_hash_version,
      );
      if (recomputed !== row.seal_hash) return { ok: false, events, unsealed, altered: where };
      previousHash = row.seal_hash;
      expectedSeq = seq + 1n;
      events += 1;
    }
    if (rows.length < BATCH) {
      if (expectedSeq - 1n !== lastSeq || previousHash !== head.last_hash) {
        return {
          ok: false,
          events,
          unsealed,
          removed_last: { missing_seq: expectedSeq.toString(), last_seq: lastSeq.toString() },
        };
      }
      return { ok: true, events, from_seq: fromSeq, unsealed };
    }
    after = expectedSeq - 1n;
  }
}

/**
 * The company's events that are not in its chain: those waiting for the sealer (an event is written
 * with its marker in one statement, and the sealer removes the marker in the transaction that writes
 * the seal, so every event the API wrote has one or the other), and the first that has neither.
 */
async function findEventsOffTheChain(db: Db, companyId: string | null, companyKey: string) {
  const ofCompany = companyId === null ? sql`e.company_id is null` : sql`e.company_id = ${companyId}::uuid`;
  const counted = await sql<{ waiting: string; first_outside: string | null }>`
    select count(*) filter (where waiting)::text as waiting,
           min(position) filter (where not waiting)::text as first_outside
    from (
      select e.position, exists (
        select 1 from audit_unsealed u where u.position = e.position and u.company_key = ${companyKey}
      ) as waiting
      from audit_events e
      where ${ofCompany}
        and not exists (
          select 1 from audit_seals s where s.position = e.position and s.company_key = ${companyKey}
        )
    ) off_chain
  `.execute(db);
  const unsealed = Number(counted.rows[0]?.waiting ?? 0);
  const position = counted.rows[0]?.first_outside ?? null;
  if (position === null) return { unsealed, outside: null };
  const event = await db
    .selectFrom('audit_events')
    .select(['id', 'occurred_at', 'action'])
    .where('position', '=', position)
    .executeTakeFirst();
  const outside = {
    id: event?.id ?? '',
    position,
    occurred_at: event ? new Date(event.occurred_at).toISOString() : '',
    action: event?.action ?? '',
  };
  return { unsealed, outside };
}
