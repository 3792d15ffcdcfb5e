import { exports as exportCalls } from '@caudal/contract';
import {
  type Client,
  type ExportFormat,
  type ExportRequest,
  type ExportType,
  exports as exportRoutes,
  type FieldIssue,
} from '@caudal/contract/routes';

/** What the wizard and the quick form hold; the clients are kept whole (names, entities) as picked. */
export interface ExportFormState {
  type: ExportType | null;
  format: ExportFormat | null;
  columns: string[];
  dateFrom: string | null;
  dateTo: string | null;
  clients: Client[];
  entityIds: string[];
}

export const EMPTY_EXPORT_FORM: ExportFormState = {
  type: 'transactions',
  format: 'csv',
  columns: [...exportRoutes.TRANSACTION_COLUMNS],
  dateFrom: null,
  dateTo: null,
  clients: [],
  entityIds: [],
};

export function toExportRequest(state: ExportFormState, language: 'es' | 'en'): ExportRequest {
  return {
    type: state.type as ExportType,
    format: state.format as ExportFormat,
    client_ids: state.clients.map((client) => client.id),
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
    const field = String(issue.path[0] ?? '');
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

/** Clients none of whose entities is chosen: the rule "the chosen clients need entities". */
export function findClientsWithoutEntities(
  clients: readonly Client[],
  entityIds: readonly string[],
): Client[] {
  const chosen = new Set(entityIds);
  return clients.filter((client) => !client.entities.some((id) => chosen.has(id)));
}
