import {
  type Export,
  type ExportFormat,
  type ExportType,
  exports as exportCalls,
  resolveEntityIds,
} from '@caudal/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../shared/app-error';
import type { Actor } from '../../shared/auth/actor';
import { findListedEntityIds } from '../../shared/entity-catalogue';
import { isUuid } from '../../shared/secure-tokens';
import { findClientsInScope, findClientsMatching } from './export-clients.repository';
import { buildFileName } from './export-columns';
import { type ExportCaps, insertQueuedExport } from './export-queue.repository';
import { countExportRowsUpTo } from './export-rows';

export interface ExportInput {
  type: ExportType;
  format: ExportFormat;
  client_ids?: string[] | undefined;
  client_filter?: { search?: string | undefined; except_ids?: string[] | undefined } | undefined;
  entity_ids: string[];
  columns?: string[] | undefined;
  date_from?: string | null | undefined;
  date_to?: string | null | undefined;
  language: 'es' | 'en';
}

/** The queue's settings a new export is checked against (config: EXPORT_*). */
export interface ExportQueueLimits extends ExportCaps {
  /** Exports estimated at most this many rows are small: the reserved slot takes them. */
  smallExportMaxRows: number;
}

/**
 * Records an export the actor may make, and answers it as the list shows it: every client must be one they can see (else `UnknownClient`,
 * never a hint about other companies), and the entities must be listed ones (`-e` ids fall back). A
 * client filter is resolved here, once, to the clients it matches in the actor's scope. Past the caps on
 * waiting or running exports it is refused (`TooManyExports`).
 */
export async function createExport(
  db: Db,
  actor: Actor,
  input: ExportInput,
  now: Date,
  limits: ExportQueueLimits,
): Promise<Export> {
  const clients = input.client_filter
    ? await findFilteredClients(db, actor, input.client_filter)
    : await findChosenClients(db, actor, input.client_ids ?? []);
  const clientIds = clients.map((client) => client.id);
  const entityIds = resolveEntityIds(input.entity_ids, await findListedEntityIds(db));
  if (entityIds.length === 0) {
    throw new AppError('ValidationError', 'No known entity', [
      { path: ['entity_ids'], message: exportCalls.EXPORT_VALIDATION.entitiesRequired },
    ]);
  }
  const isPositions = input.type === 'positions';
  const dateFrom = isPositions ? null : (input.date_from ?? null);
  const dateTo = isPositions ? null : (input.date_to ?? null);
  const fileName = buildFileName({
    type: input.type,
    format: input.format,
    language: input.language,
    singleClientAlias: clients.length === 1 ? (clients[0]?.alias ?? null) : null,
    clientsCount: clients.length,
    dateFrom,
    dateTo,
    today: now.toISOString().slice(0, 10),
  });
  const estimatedRows = await countExportRowsUpTo(
    db,
    { companyId: actor.companyId, type: input.type, clientIds, entityIds, dateFrom, dateTo },
    limits.smallExportMaxRows + 1,
  );
  const newExport = {
    companyId: actor.companyId,
    createdBy: actor.userId,
    type: input.type,
    format: input.format,
    language: input.language,
    clientIds,
    entityIds,
    columns: input.type === 'custom' ? (input.columns ?? null) : null,
    dateFrom,
    dateTo,
    fileName,
    estimatedRows,
  };
  return insertQueuedExport(db, newExport, limits);
}

async function findChosenClients(db: Db, actor: Actor, ids: readonly string[]) {
  const clientIds = [...new Set(ids)];
  if (!clientIds.every(isUuid)) throw new AppError('UnknownClient', 'Unknown client');
  const clients = await findClientsInScope(db, actor, clientIds);
  if (clients.length !== clientIds.length) throw new AppError('UnknownClient', 'Unknown client');
  // In the order they were chosen.
  const byId = new Map(clients.map((client) => [client.id, client]));
  return clientIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The clients the list shows for this search (name or alias, as `client-list` matches them), in the
 * actor's scope, less the unticked ones: at most EXPORT_CLIENTS_MAX, else a 400 that says to narrow it.
 */
async function findFilteredClients(db: Db, actor: Actor, filter: NonNullable<ExportInput['client_filter']>) {
  const search = filter.search?.trim() ?? '';
  const except = (filter.except_ids ?? []).filter(isUuid);
  const clients = await findClientsMatching(db, actor, {
    search,
    exceptIds: except,
    limit: exportCalls.EXPORT_CLIENTS_MAX + 1,
  });
  if (clients.length === 0) {
    throw new AppError('ValidationError', 'The filter matches no client', [
      { path: ['client_filter'], message: exportCalls.EXPORT_VALIDATION.clientsRequired },
    ]);
  }
  if (clients.length > exportCalls.EXPORT_CLIENTS_MAX) {
    throw new AppError('ValidationError', 'The filter matches too many clients', [
      {
        path: ['client_filter'],
        message: exportCalls.EXPORT_VALIDATION.tooManyClients,
        params: { n: exportCalls.EXPORT_CLIENTS_MAX },
      },
    ]);
  }
  return clients;
}
