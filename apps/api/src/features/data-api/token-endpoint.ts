import {
  DATA_API_TOKEN_PATH,
  type OAuthError,
  type OAuthErrorCode,
  type TokenResponse,
} from '@caudal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../db/errors';
import { hashClientSecret, secretIdOf } from '../../shared/data-api/application-secrets';
import { authenticateClient } from '../../shared/data-api/authenticate-client';
import { dataApiKeyOf } from '../../shared/data-api/data-api-key';
import { signDataApiToken } from '../../shared/data-api/data-api-token';
import { recordCallMethod } from '../../shared/http/error-handler';
import { countFailedAuthentication, spendTokenRequest } from './token-rate-limits';

const FORM = 'application/x-www-form-urlencoded';
const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  temporarily_unavailable: 503,
};

class OAuthFailure extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

/**
 * OAuth 2.0 client credentials (RFC 6749 §4.4): the client authenticates with HTTP Basic or with
 * `client_id`/`client_secret` in the form body (§2.3.1), and gets a short-lived bearer token for the
 * data API, bound to its application and company. Errors are RFC 6749 §5.2 JSON.
 */
export function registerTokenEndpoint(app: FastifyInstance) {
  app.callPaths.add(DATA_API_TOKEN_PATH);
  recordCallMethod(app, DATA_API_TOKEN_PATH, 'POST');
  app.register(async (scope) => {
    // Only this route reads form bodies; parsed here, so a repeated parameter can be refused (§3.2).
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, new URLSearchParams(body as string));
    });
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof OAuthFailure) return sendOAuthError(reply, error.code, error.description);
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 429) return sendOAuthError(reply, 'temporarily_unavailable', 'Too many requests', 429);
      if (status !== undefined && status >= 400 && status < 500) {
        return sendOAuthError(reply, 'invalid_request', 'The request body could not be read');
      }
      // A database restart or timeout: the client retries, as it would after a 429.
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('Retry-After', '1');
        return sendOAuthError(reply, 'temporarily_unavailable', 'The service is unavailable; retry shortly');
      }
      request.log.error({ err: error }, 'token endpoint failed');
      return reply.code(500).send({
        error: 'temporarily_unavailable',
        error_description: 'Unexpected error',
      } satisfies OAuthError);
    });
    scope.post(DATA_API_TOKEN_PATH, async (request, reply) => issueToken(app, request, reply));
  });
}

async function issueToken(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const { db, clock } = app.deps;
  const now = clock();
  const { form, client } = readTokenRequest(request);
  // Counted before the secret is checked, so a spent budget answers nothing about the secret.
  const counted = await spendTokenRequest(db, client.id, request.ip, now);
  if (counted.waitSeconds !== null) {
    reply.header('Retry-After', String(counted.waitSeconds));
    return sendOAuthError(reply, 'temporarily_unavailable', 'Too many token requests; retry later', 429);
  }
  const application = await authenticateClient(db, client.id, client.secret, clock());
  if (!application) {
    await countFailedAuthentication(db, client.id, counted, now);
    reply.header('WWW-Authenticate', 'Basic realm="caudal-data-api", charset="UTF-8"');
    throw new OAuthFailure('invalid_client', 'Client authentication failed');
  }
  if (!application.modules.includes('applications')) {
    throw new OAuthFailure('unauthorized_client', 'The company does not have the applications module');
  }
  if (form.get('scope')?.trim()) throw new OAuthFailure('invalid_scope', 'No scopes are defined');

  const { token, expiresIn } = await signDataApiToken(
    {
      applicationId: application.applicationId,
      companyId: application.companyId,
      clientId: application.clientId,
      // The secret just checked: current, or the one a rotation is retiring. Its tokens die with it.
      secretId: secretIdOf(hashClientSecret(client.secret)),
    },
    dataApiKeyOf(app),
    now,
  );
  reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
  return { access_token: token, token_type: 'Bearer', expires_in: expiresIn } satisfies TokenResponse;
}

/** Read and refused without touching the database: only a well-formed request is counted. */
function readTokenRequest(request: FastifyRequest) {
  const form = readForm(request);
  const grantType = form.get('grant_type');
  if (!grantType) throw new OAuthFailure('invalid_request', 'grant_type is required');
  const client = readClientCredentials(request.headers.authorization, form);
  if (grantType !== 'client_credentials') {
    throw new OAuthFailure('unsupported_grant_type', 'Only grant_type=client_credentials is supported');
  }
  return { form, client };
}

function readForm(request: FastifyRequest): URLSearchParams {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== FORM || !(request.body instanceof URLSearchParams)) {
    throw new OAuthFailure('invalid_request', `The body must be ${FORM}`);
  }
  const form = request.body;
  for (const name of new Set(form.keys())) {
    if (form.getAll(name).length > 1) throw new OAuthFailure('invalid_request', `${name} is repeated`);
  }
  return form;
}

/** RFC 6749 §2.3.1: Basic (each part form-urlencoded) or the body, never both. */
function readClientCredentials(authorization: string | undefined, form: URLSearchParams) {
  const inBody = form.has('client_id') || form.has('client_secret');
  if (authorization !== undefined) {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization.trim());
    if (!match?.[1]) throw new OAuthFailure('invalid_client', 'Use HTTP Basic client authentication');
    if (inBody) throw new OAuthFailure('invalid_request', 'Authenticate with Basic or the body, not both');
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthFailure('invalid_client', 'Malformed Basic credentials');
    return checked({
      id: decodeFormPart(decoded.slice(0, colon)),
      secret: decodeFormPart(decoded.slice(colon + 1)),
    });
  }
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  if (!id || !secret) throw new OAuthFailure('invalid_client', 'Client credentials are required');
  return checked({ id, secret });
}

/** No issued id or secret holds a NUL (the database would refuse to even compare one). */
function checked(client: { id: string; secret: string }) {
  if (client.id.includes('\u0000') || client.secret.includes('\u0000')) {
    throw new OAuthFailure('invalid_client', 'Client authentication failed');
  }
  return client;
}

function decodeFormPart(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    throw new OAuthFailure('invalid_client', 'Malformed Basic credentials');
  }
}

function sendOAuthError(reply: FastifyReply, code: OAuthErrorCode, description: string, status?: number) {
  const body: OAuthError = { error: code, error_description: description };
  if (code === 'invalid_client') {
    reply.header('WWW-Authenticate', 'Basic realm="caudal-data-api", charset="UTF-8"');
  }
  return reply
    .code(status ?? STATUS[code])
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}
