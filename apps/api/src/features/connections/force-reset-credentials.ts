import { connections, DEFAULT_LOCALE } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { createConnectToken } from './connect-tokens';
import { findVisibleCredential } from './connections.repository';
import { findRequestOrigin, resolveRedirectUri } from './redirect-uri';

/** A one-time URL in reset mode: new username/password for the same credential (same credentials_token). */
export function registerCredentialsForceReset(app: FastifyInstance) {
  registerCall(
    app,
    connections.credentialsForceReset,
    async ({ input, actor, db, config, clock, request }) => {
      const language = input.language ?? DEFAULT_LOCALE;
      const credential = await findVisibleCredential(db, actor, input.credentials_token);
      if (!credential) throw new AppError('NotFound', 'No such credential');
      const redirectUri = resolveRedirectUri(
        config,
        input.redirect_uri ?? `/${language}/wealth/connections/${encodeURIComponent(credential.entity_id)}`,
        'redirect_uri',
        findRequestOrigin(config, request),
      );
      const { token, expiresAt } = await createConnectToken(db, {
        companyId: actor.companyId,
        kind: 'reset',
        clientId: credential.client_id,
        credentialsId: credential.id,
        redirectUri,
        language,
        createdBy: actor.userId,
        now: clock(),
      });
      return {
        reset_token: token,
        url: `${config.linkBaseUrl}/${language}/connect/${token}`,
        expires_at: expiresAt.toISOString(),
      };
    },
  );
}
