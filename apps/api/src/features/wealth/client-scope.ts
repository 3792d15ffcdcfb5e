import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../../shared/auth/actor';
import { whereInClientScope } from '../../shared/auth/client-scope';

/**
 * The client scope of every wealth query (shared/auth/client-scope.ts applied to clients). Every query
 * that reaches a client, or anything under one, goes through here; no handler repeats it.
 */
export function whereClientVisible(actor: Actor) {
  return (eb: ExpressionBuilder<Database, 'clients'>): Expression<SqlBool> =>
    whereInClientScope(actor, eb, { company: eb.ref('clients.company_id'), client: eb.ref('clients.id') });
}
