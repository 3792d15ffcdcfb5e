import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { listCredentialInformation } from './connections.repository';

export function registerGetCredentialsInformation(app: FastifyInstance) {
  registerCall(app, connections.getCredentialsInformation, ({ input, actor, db, clock }) =>
    listCredentialInformation(db, actor, clock(), input?.bank, input?.consent, input?.client_id),
  );
}
