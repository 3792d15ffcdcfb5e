import { exports as exportCalls, resolveEntityIds } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../shared/app-error';
import type { Actor } from '../../shared/auth/actor';
import { findListedEntityIds } from '../../shared/entity-catalogue';
import { registerCall } from '../../shared/http/register-call';
import { isUuid } from '../../shared/secure-tokens';
import { findClientsWithProductEntities } from './export-clients.repository';

export function registerExportClientEntities(app: FastifyInstance) {
  registerCall(app, exportCalls.exportClientEntities, ({ input, actor, db }) =>
    findExportClientEntities(db, actor, input.client_ids),
  );
}

/**
 * What the entities step offers for each chosen client (spec: "the chosen clients need entities"; the
 * wizard's steps are clients, then entities): the banks the client actually holds products at, plus
 * those named in its `entities` field, listed ones only (`-e` ids fall back), in the order the client
 * was chosen. Every client the caller cannot see refuses the whole call, as `export-generate` does.
 *
 * Decision: matching a product (`client-match-product`) does NOT add its bank to the client's
 * `entities`. The spec defines `entities` as a field of the client form (create and edit take it) and
 * `client-match-product` as `_id and products`, nothing more; products also reach a client without a
 * match (a connection made for it) and leave it by `client-unmatch-product`, so a field kept in step
 * with them would have to be edited behind the user's back both ways. Instead every export reads the
 * banks from the products themselves, here: a client's positions never come out empty because its
 * `entities` field lags behind what it holds.
 */
export async function findExportClientEntities(
  db: Db,
  actor: Actor,
  ids: readonly string[],
): Promise<exportCalls.ExportClientEntities[]> {
  const clientIds = [...new Set(ids)];
  if (!clientIds.every(isUuid)) throw new AppError('UnknownClient', 'Unknown client');
  const rows = await findClientsWithProductEntities(db, actor, clientIds);
  if (rows.length !== clientIds.length) throw new AppError('UnknownClient', 'Unknown client');
  const listed = await findListedEntityIds(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return clientIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const entityIds = resolveEntityIds([...row.entity_ids, ...(row.product_entity_ids ?? [])], listed);
    return [{ client_id: id, entity_ids: entityIds }];
  });
}
