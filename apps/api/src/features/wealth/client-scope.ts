import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../../shared/auth/actor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs in the database; anything else names nothing (a 404, not a cast error). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/**
 * THE client scope of every wealth query: the actor's company, and for a portal user only the clients
 * assigned to them (loaded with the actor). Every query that reaches a client, or anything under one,
 * goes through here; no handler repeats it.
 */
export function whereClientVisible(actor: Actor) {
  return (eb: ExpressionBuilder<Database, 'clients'>): Expression<SqlBool> => {
    const inCompany = eb('clients.company_id', '=', actor.companyId);
    if (actor.clientIds === null) return inCompany;
    if (actor.clientIds.length === 0) return sql<SqlBool>`false`;
    return eb.and([inCompany, eb('clients.id', 'in', actor.clientIds)]);
  };
}
