import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** What `/audit` filters on; the list and its CSV export select the same events with it. */
export interface AuditFilter {
  actor?: string;
  action?: string;
  clientId?: string;
  credentialsToken?: string;
  /** ISO times; `to` is exclusive. */
  from?: string;
  to?: string;
}

/** The request's filter fields (list or export) as a filter; empty strings filter nothing. */
export function toAuditFilter(input: {
  actor?: string | undefined;
  action?: string | undefined;
  client_id?: string | undefined;
  credentials_token?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}): AuditFilter {
  return {
    ...(input.actor ? { actor: input.actor } : {}),
    ...(input.action ? { action: input.action } : {}),
    ...(input.client_id ? { clientId: input.client_id } : {}),
    ...(input.credentials_token ? { credentialsToken: input.credentials_token } : {}),
    ...(input.from ? { from: input.from } : {}),
    ...(input.to ? { to: input.to } : {}),
  };
}

/**
 * THE scope and filter of a company's events: always the one company (no filter value reaches another
 * one's events), then each filter given. Used by the screen's pages and by its export.
 */
export function whereAuditEvents(companyId: string, filter: AuditFilter) {
  return (eb: ExpressionBuilder<Database, 'audit_events'>): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb('audit_events.company_id', '=', companyId)];
    // Whoever typed it: usernames sign in in any case, so `DEMO` finds demo's events.
    if (filter.actor)
      conditions.push(eb(sql`lower(audit_events.actor_name)`, '=', sql`lower(${filter.actor})`));
    if (filter.action) conditions.push(eb('audit_events.action', '=', filter.action));
    if (filter.clientId) conditions.push(eb('audit_events.target_client_id', '=', filter.clientId));
    if (filter.credentialsToken) {
      conditions.push(eb('audit_events.target_credential_id', '=', filter.credentialsToken));
    }
    if (filter.from) conditions.push(eb('audit_events.occurred_at', '>=', new Date(filter.from)));
    if (filter.to) conditions.push(eb('audit_events.occurred_at', '<', new Date(filter.to)));
    return eb.and(conditions);
  };
}
