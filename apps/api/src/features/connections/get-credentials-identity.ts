import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { listCredentialIdentities } from './connections.repository';

/** Tokens the actor cannot see (another company's, unknown) are simply absent from the answer. */
export function registerGetCredentialsIdentity(app: FastifyInstance) {
  registerCall(app, connections.getCredentialsIdentity, ({ input, actor, db }) =>
    listCredentialIdentities(db, actor, input.credentials_tokens),
  );
}
