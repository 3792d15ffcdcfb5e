import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { isClientVisible } from '../wealth';
import { createConnectToken } from './connect-tokens';
import { findVisibleCredential } from './connections.repository';
import { findRequestOrigin, resolveRedirectUri } from './redirect-uri';

/**
 * A one-time hosted connect URL: a new connection (for a client of the company, or pending), or with
 * `credentials_token` the SCA reauthorisation of that credential.
 */
export function registerCreateConnectLink(app: FastifyInstance) {
  registerCall(app, connections.createConnectLink, async ({ input, actor, db, config, clock, request }) => {
    const redirectUri = resolveRedirectUri(
      config,
      input.redirect_uri,
      'redirect_uri',
      findRequestOrigin(config, request),
    );
    const language = input.language ?? 'es';
    let clientId: string | null = null;
    if (input.client_id) {
      if (!(await isClientVisible(db, actor, input.client_id)))
        throw new AppError('NotFound', 'No such client');
      clientId = input.client_id;
    }
    let credentialsId: string | null = null;
    if (input.credentials_token) {
      const credential = await findVisibleCredential(db, actor, input.credentials_token);
      if (!credential) throw new AppError('NotFound', 'No such credential');
      credentialsId = credential.id;
      clientId = credential.client_id;
    }
    const { token, expiresAt } = await createConnectToken(db, {
      companyId: actor.companyId,
      kind: credentialsId ? 'sca' : 'connect',
      clientId,
      credentialsId,
      redirectUri,
      language,
      createdBy: actor.userId,
      now: clock(),
    });
    return {
      token,
      url: `${config.linkBaseUrl}/${language}/connect/${token}`,
      expires_at: expiresAt.toISOString(),
    };
  });
}
