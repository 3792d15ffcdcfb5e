import { exports as exportCalls } from '@caudal/contract';
import {
  type Client,
  type ExportFormat,
  type ExportRequest,
  type ExportType,
  exports as exportRoutes,
  type FieldIssue,
} from '@caudal/contract/routes';

/**
 * The wizard's select-all: every client the list shows for `search` (`total` of them), less the ones
 * unticked since. The server resolves it when the export is created.
 */
export interface ClientFilterSelection {
  search: string;
  total: number;
  except: Client[];
}

/** What the wizard and the quick form hold; the clients are kept whole (names, entities) as picked. */
export interface ExportFormState {
  type: ExportType | null;
  format: ExportFormat | null;
  columns: string[];
  dateFrom: string | null;
  dateTo: string | null;
  clients: Client[];
  /** Set instead of `clients` when the whole filtered list is chosen. */
  clientFilter: ClientFilterSelection | null;
  entityIds: string[];
}

export const EMPTY_EXPORT_FORM: ExportFormState = {
  type: 'transactions',
  format: 'csv',
  columns: [...exportRoutes.TRANSACTION_COLUMNS],
  dateFrom: null,
  dateTo: null,
  clients: [],
  clientFilter: null,
  entityIds: [],
};

/** How many clients the form has chosen. */
export function countChosenClients(state: Pick<ExportFormState, 'clients' | 'clientFilter'>): number {
  return state.clientFilter
    ? state.clientFilter.total - state.clientFilter.except.length
    : state.clients.length;
}

export function toExportRequest(state: ExportFormState, language: 'es' | 'en'): ExportRequest {
  return {
    type: state.type as ExportType,
    format: state.format as ExportFormat,
    ...(state.clientFilter
      ? {
          client_filter: {
            ...(state.clientFilter.search ? { search: state.clientFilter.search } : {}),
            ...(state.clientFilter.except.length > 0
              ? { except_ids: state.clientFilter.except.map((client) => client.id) }
              : {}),
          },
        }
      : { client_ids: state.clients.map((client) => client.id) }),
    entity_ids: state.entityIds,
    ...(state.type === 'custom' ? { columns: state.columns as ExportRequest['columns'] } : {}),
    date_from: state.type === 'positions' ? null : state.dateFrom,
    date_to: state.type === 'positions' ? null : state.dateTo,
    language,
  };
}

/** The contract's own rules, as issues with catalogue keys, keyed by field (first issue wins). */
export function validateExport(state: ExportFormState, language: 'es' | 'en'): Record<string, FieldIssue> {
  const result = exportCalls.ZExportRequest.safeParse(toExportRequest(state, language));
  const issues: Record<string, FieldIssue> = {};
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    // The filter stands in for the ids: its problems show where the clients are chosen.
    const field = issue.path[0] === 'client_filter' ? 'client_ids' : String(issue.path[0] ?? '');
    if (!issues[field]) {
      const params = issue.code === 'custom' ? (issue.params as FieldIssue['params']) : undefined;
      issues[field] = {
        path: [field],
        message: issue.message.startsWith('validation.') ? issue.message : 'validation.required',
        ...(params ? { params } : {}),
      };
    }
  }
  return issues;
}

/**
 * The chosen clients as the entities step sees them: each one's `entities` field together with the
 * banks it holds products at, as `export-client-entities` answered (a client not answered yet keeps its
 * own field). A client assigned products of a bank its field does not name must still offer that bank:
 * otherwise its rows there can never be exported.
 */
export function withHeldEntities(
  clients: readonly Client[],
  held: readonly exportRoutes.ExportClientEntities[] | undefined,
): Client[] {
  if (!held || held.length === 0) return [...clients];
  const byClient = new Map(held.map((item) => [item.client_id, item.entity_ids]));
  return clients.map((client) => {
    const extra = (byClient.get(client.id) ?? []).filter((id) => !client.entities.includes(id));
    return extra.length === 0 ? client : { ...client, entities: [...client.entities, ...extra] };
  });
}

/**
 * The ticked entities once the offered list changes: newly offered ones come in ticked, ones no longer
 * offered go, and the user's choice on the rest is kept (`before`: what was offered until now).
 */
export function reconcileEntityIds(
  ticked: readonly string[],
  offered: readonly string[],
  before: readonly string[],
): string[] {
  const wasOffered = new Set(before);
  return offered.filter((id) => ticked.includes(id) || !wasOffered.has(id));
}

/** Entities the chosen clients hold, listed ones only, in name order. */
export function findClientEntities(
  clients: readonly Client[],
  listed: ReadonlyMap<string, string>,
): { id: string; name: string }[] {
  const ids = new Set(clients.flatMap((client) => client.entities).filter((id) => listed.has(id)));
  return [...ids]
    .map((id) => ({ id, name: listed.get(id) ?? id }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Clients none of whose entities is chosen: the rule "the chosen clients need entities". A client with
 * no listed entity at all has nothing to choose (its file part is empty): it never blocks the step.
 */
export function findClientsWithoutEntities(
  clients: readonly Client[],
  entityIds: readonly string[],
  listed: ReadonlyMap<string, string>,
): Client[] {
  const chosen = new Set(entityIds);
  return clients.filter(
    (client) => client.entities.some((id) => listed.has(id)) && !client.entities.some((id) => chosen.has(id)),
  );
}

/** Chosen clients with no listed entity: shown as a note, since they add no rows. */
export function findClientsWithNoEntity(
  clients: readonly Client[],
  listed: ReadonlyMap<string, string>,
): Client[] {
  return clients.filter((client) => !client.entities.some((id) => listed.has(id)));
}
