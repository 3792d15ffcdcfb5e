import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { findVisibleCredential, listProductHolders } from './connections.repository';

export function registerGetCredentialsProductHolders(app: FastifyInstance) {
  registerCall(app, connections.getCredentialsProductHolders, async ({ input, actor, db }) => {
    const credential = await findVisibleCredential(db, actor, input.credentials_token);
    if (!credential) throw new AppError('NotFound', 'No such credential');
    return listProductHolders(db, actor, credential.id);
  });
}
