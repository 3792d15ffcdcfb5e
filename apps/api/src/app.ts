import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import { registerApplicationsCalls } from './features/applications';
import { registerAuditFeature } from './features/audit';
import { registerAuthCalls } from './features/auth';
import { registerConnectionsCalls } from './features/connections';
import { registerCustomCssCalls } from './features/custom-css';
import { registerDataApiCalls } from './features/data-api';
import { registerExportsCalls } from './features/exports';
import { registerFunnelCalls } from './features/funnel';
import { issueLinkCode, registerLinksCalls } from './features/links';
import { registerPlatformCalls } from './features/platform';
import { registerPortalsCalls } from './features/portals';
import { registerSecurityFeature } from './features/security';
import { registerSummaryCalls } from './features/summary';
import { registerTeamFeature } from './features/team';
import { registerUnmatchedCalls } from './features/unmatched';
import { registerWealthCalls } from './features/wealth';
import { registerWebhooksCalls } from './features/webhooks';
import { encodeSecret } from './shared/auth/access-token';
import { createOidcVerifier } from './shared/auth/oidc';
import { type Clock, systemClock } from './shared/clock';
import './shared/http/app-deps';
import { recordRoute } from './shared/http/credential-paths';
import { registerErrorHandler } from './shared/http/error-handler';
import { registerJsonBody } from './shared/http/json-body';
import { RequestLogController, registerRequestLog } from './shared/http/request-log';
import { registerSecurityHeaders } from './shared/http/security-headers';
import { registerWeb } from './shared/http/web-static';
import { type JobQueue, noJobQueue } from './shared/jobs/jobs';
import { createLogger, type Logger } from './shared/logger';
import { findOrCreateSetting } from './shared/settings';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  logger?: Logger;
  clock?: Clock;
  jobs?: JobQueue;
  /** The built portal to serve; defaults to config.webRoot. Null serves no portal. */
  webRoot?: string | null;
  /** Test hook: lets a test register an extra call before the app is sealed. */
  registerExtra?: (app: FastifyInstance) => void;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Unique across restarts and instances: the audit log keeps each event's request id, and Fastify's
    // default (a per-process counter) gave two events the same one after a restart.
    genReqId: () => randomUUID(),
    // One line per request instead of Fastify's two (shared/http/request-log.ts).
    logController: new RequestLogController(),
  }) as unknown as FastifyInstance;

  const secret = config.jwtSecret ?? (await findOrCreateSetting(db, 'jwt_secret', generateSecret));
  app.decorate('deps', {
    db,
    config,
    clock: options.clock ?? systemClock,
    jobs: options.jobs ?? noJobQueue,
    tokenSecret: encodeSecret(secret),
    oidc: config.authStrategy === 'oidc' && config.oidc ? createOidcVerifier(config.oidc, db) : null,
  });
  app.decorate('callPaths', new Set<string>());
  app.decorate('callMethods', new Map<string, Set<string>>());
  // Every route, so the logs can mask the credential a path carries (shared/http/credential-paths.ts).
  app.addHook('onRoute', (route) => recordRoute(route.method, route.url));

  registerRequestLog(app);
  registerJsonBody(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, {
    oidcIssuer: config.authStrategy === 'oidc' ? (config.oidc?.issuer ?? null) : null,
    apiBaseUrl: config.apiBaseUrl,
  });
  registerAuthCalls(app);
  registerPlatformCalls(app);
  registerWealthCalls(app);
  registerConnectionsCalls(app, { finishLinkVisit: issueLinkCode });
  registerUnmatchedCalls(app);
  registerSummaryCalls(app);
  registerCustomCssCalls(app);
  registerExportsCalls(app);
  registerFunnelCalls(app);
  registerLinksCalls(app);
  registerPortalsCalls(app);
  registerApplicationsCalls(app);
  registerTeamFeature(app);
  registerSecurityFeature(app);
  registerAuditFeature(app);
  registerWebhooksCalls(app);
  registerDataApiCalls(app);
  options.registerExtra?.(app);
  await registerWeb(app, {
    webRoot: options.webRoot === undefined ? config.webRoot : options.webRoot,
    rootRedirect: config.rootRedirect,
  });
  return app;
}

function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}
