import { connectionsDataApi } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerDataApiCall } from '../../shared/data-api/register-data-api-call';
import { findCredentialInformation, listCredentialInformation } from './connections.repository';
import { requestCredentialRefresh } from './request-refresh';

/** The data API's credential reads: the portal's repository functions, in the company scope. */
export function registerConnectionsDataApi(app: FastifyInstance) {
  registerDataApiCall(app, connectionsDataApi.listCredentials, async ({ input, scope, db, clock }) => {
    const { bank, page, page_size } = input.query;
    // The order the contract promises (oldest connection first, then id), not the portal's default:
    // served by credentials_company_created_idx, or by credentials_entity_created_idx with `bank`.
    const query = { bank, page, page_size, sort: 'created_at', order: 'asc' } as const;
    const found = await listCredentialInformation(db, scope, clock(), query);
    return { items: found.items, total: found.total, page, page_size };
  });

  registerDataApiCall(app, connectionsDataApi.getCredential, async ({ input, scope, db, clock }) => {
    const credential = await findCredentialInformation(db, scope, input.params.credentials_token, clock());
    if (!credential) throw new AppError('NotFound', 'credentials_token names no credential of this company.');
    return credential;
  });

  // 202: the outcome arrives as credentials.updated or credentials.needs_action (webhooks, events feed).
  registerDataApiCall(
    app,
    connectionsDataApi.refreshCredential,
    async ({ input, scope, db, clock, jobs, request }) => {
      const token = input.params.credentials_token;
      await requestCredentialRefresh({ db, jobs, log: request.log }, scope, token, clock());
      return { credentials_token: token, status: 'queued' as const };
    },
  );
}
