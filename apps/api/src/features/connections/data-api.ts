import { connectionsDataApi } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerDataApiCall } from '../../shared/data-api/register-data-api-call';
import { findCredentialInformation, listCredentialInformation } from './connections.repository';

/** The data API's credential reads: the portal's repository functions, in the company scope. */
export function registerConnectionsDataApi(app: FastifyInstance) {
  registerDataApiCall(app, connectionsDataApi.listCredentials, async ({ input, scope, db, clock }) => ({
    items: await listCredentialInformation(db, scope, clock(), input.query.bank),
  }));

  registerDataApiCall(app, connectionsDataApi.getCredential, async ({ input, scope, db, clock }) => {
    const credential = await findCredentialInformation(db, scope, input.params.credentials_token, clock());
    if (!credential) throw new AppError('NotFound', 'credentials_token names no credential of this company.');
    return credential;
  });
}
