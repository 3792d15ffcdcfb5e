import { connectionsDataApi } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerDataApiCall } from '../../shared/data-api/register-data-api-call';
import { findCredentialInformation, listCredentialInformation } from './connections.repository';
import { requestCredentialRefresh } from './request-refresh';

/** The data API's credential reads: the portal's repository functions, in the company scope. */
export function registerConnectionsDataApi(app: FastifyInstance) {
  registerDataApiCall(app, connectionsDataApi.listCredentials, async ({ input, scope, db, clock }) => ({
    items: (await listCredentialInformation(db, scope, clock(), { bank: input.query.bank })).items,
  }));

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
