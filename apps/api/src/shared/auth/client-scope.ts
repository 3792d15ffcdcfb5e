import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Actor } from './actor';

/**
 * THE client scope, whatever the row (a client, a product, a credential): it belongs to the actor's
 * company, and for a portal user to one of the clients assigned to them. Rows of no client (pending
 * products, unassigned credentials) are staff-only. Every scoped query builds its filter here.
 */
export function whereInClientScope<DB, TB extends keyof DB>(
  actor: Actor,
  eb: ExpressionBuilder<DB, TB>,
  columns: { company: Expression<string>; client: Expression<string | null> },
): Expression<SqlBool> {
  const inCompany = eb(columns.company, '=', actor.companyId);
  if (actor.clientIds === null) return inCompany;
  if (actor.clientIds.length === 0) return sql<SqlBool>`false`;
  return eb.and([inCompany, eb(columns.client, 'in', actor.clientIds)]);
}

/**
 * What `whereInClientScope` makes the SQL depend on, for statements compiled once per shape
 * (db/compiled-shapes.ts): the company alone, or the number of assigned clients.
 */
export function clientScopeShapeOf(actor: Actor): string {
  return actor.clientIds === null ? 'company' : `clients:${actor.clientIds.length}`;
}

/** The parameters `whereInClientScope` compiles, in its order: the company, then any assigned clients. */
export function clientScopeParametersOf(actor: Actor): unknown[] {
  if (actor.clientIds === null) return [actor.companyId];
  return actor.clientIds.length === 0 ? [] : [actor.companyId, ...actor.clientIds];
}
