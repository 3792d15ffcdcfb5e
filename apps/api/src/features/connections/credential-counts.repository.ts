import { type CredentialCountFigures, type CredentialCounts, SCA_STALE_AFTER_MS } from '@caudal/contract';
import { sql } from 'kysely';
import { CompiledShapes } from '../../db/compiled-shapes';
import type { Db } from '../../db/database';
import type { Actor } from '../../shared/auth/actor';
import { clientScopeParametersOf, clientScopeShapeOf } from '../../shared/auth/client-scope';
import { whereCredentialVisible } from './connections.repository';

interface CountQuery {
  actor: Actor;
  /** A last success before this (or none) makes a credential with an SCA token stale (20 h rule). */
  scaStaleBefore: Date;
}

interface EntityCountRow {
  entity_id: string;
  total: string | number | bigint;
  blocked: string | number | bigint;
  needs_action: string | number | bigint;
  pending_sca: string | number | bigint;
  last_update: Date | null;
}

/**
 * The contract's deriveCredentialState(...).needsAction over the columns (last_success_at is
 * status.last_update): blocked, or an SCA token whose last success is strictly older than the bound or
 * never was. The bound is whole milliseconds and the list answers last_success_at cut to milliseconds,
 * so the strict comparison agrees with the contract's on every stored value.
 */
function needsActionSql(scaStaleBefore: Date) {
  return sql<boolean>`credentials.blocked or (credentials.sca_token is not null
    and (credentials.last_success_at is null or credentials.last_success_at < ${scaStaleBefore}))`;
}

/**
 * One aggregate per institution over the credentials the caller may see (the list's own scope,
 * whereCredentialVisible). Every column it reads is in credentials_summary_idx (company_id, entity_id)
 * INCLUDE (blocked, sca_token, last_success_at, …), so PostgreSQL may answer it from the index alone
 * where the visibility map allows; a company that is most of the table is read sequentially instead. Compiled once
 * per scope shape (db/compiled-shapes.ts); the select list's bound comes before the scope's parameters.
 */
const countsByEntity = new CompiledShapes<CountQuery>({
  shapeOf: ({ actor }) => clientScopeShapeOf(actor),
  build: (db, { actor, scaStaleBefore }) =>
    db
      .selectFrom('credentials')
      .where(whereCredentialVisible(actor))
      .select((eb) => [
        'credentials.entity_id',
        eb.fn.countAll().as('total'),
        sql`count(*) filter (where credentials.blocked)`.as('blocked'),
        sql`count(*) filter (where ${needsActionSql(scaStaleBefore)})`.as('needs_action'),
        sql`count(*) filter (where credentials.sca_token is not null)`.as('pending_sca'),
        eb.fn.max('credentials.last_success_at').as('last_update'),
      ])
      .groupBy('credentials.entity_id')
      .orderBy('credentials.entity_id'),
  parametersOf: ({ actor, scaStaleBefore }) => [scaStaleBefore, ...clientScopeParametersOf(actor)],
});

/**
 * The connections summary's figures (its stat cards and its institutions), for the same credentials the
 * empty-body get-credentials-information answers, at `now`.
 */
export async function countCredentials(db: Db, actor: Actor, now: Date): Promise<CredentialCounts> {
  const query: CountQuery = { actor, scaStaleBefore: new Date(now.getTime() - SCA_STALE_AFTER_MS) };
  const { rows } = await db.executeQuery(countsByEntity.compile<EntityCountRow>(db, query));
  const counts: CredentialCountFigures = { total: 0, blocked: 0, needs_action: 0, pending_sca: 0 };
  const entities = rows.map((row) => {
    const entity = {
      entity_id: row.entity_id,
      total: Number(row.total),
      blocked: Number(row.blocked),
      needs_action: Number(row.needs_action),
      pending_sca: Number(row.pending_sca),
      last_update: row.last_update ? row.last_update.toISOString() : null,
    };
    counts.total += entity.total;
    counts.blocked += entity.blocked;
    counts.needs_action += entity.needs_action;
    counts.pending_sca += entity.pending_sca;
    return entity;
  });
  return { counts, entities };
}
