import { platform, type RuntimeConfig } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { registerPublicCall } from '../../shared/http/register-call';

export function toRuntimeConfig(config: Config): RuntimeConfig {
  return {
    apiBaseUrl: config.apiBaseUrl,
    linkBaseUrl: config.linkBaseUrl,
    redirectBaseUrl: config.redirectBaseUrl,
    authStrategy: config.authStrategy,
    oidc: config.oidc
      ? { issuer: config.oidc.issuer, clientId: config.oidc.clientId, scope: config.oidc.scope }
      : null,
    providerName: config.providerName,
    platformName: config.platformName,
    rootRedirect: config.rootRedirect,
    sessionIdleMinutes: config.sessionIdleMinutes,
  };
}

export function registerRuntimeConfig(app: FastifyInstance) {
  registerPublicCall(app, platform.runtimeConfig, ({ config, reply }) => {
    reply.header('Cache-Control', 'no-cache');
    return toRuntimeConfig(config);
  });
}
