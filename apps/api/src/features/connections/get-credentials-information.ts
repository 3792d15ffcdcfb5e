import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerListCall } from '../../shared/http/register-call';
import { listCredentialInformation } from './connections.repository';

export function registerGetCredentialsInformation(app: FastifyInstance) {
  registerListCall(app, connections.getCredentialsInformation, ({ input, actor, db, clock }) =>
    listCredentialInformation(db, actor, clock(), input ?? {}),
  );
}
