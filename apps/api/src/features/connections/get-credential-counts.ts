import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { countCredentials } from './credential-counts.repository';

export function registerGetCredentialCounts(app: FastifyInstance) {
  registerCall(app, connections.getCredentialCounts, ({ actor, db, clock }) =>
    countCredentials(db, actor, clock()),
  );
}
