import {
  DATA_API_GENERIC_ERRORS,
  DATA_API_TOKEN_LIFETIME_SECONDS,
  DATA_API_TOKEN_PATH,
  type DataApiContract,
  ERROR_STATUS,
  type ErrorCode,
  EVENT_TYPES,
  eventEnvelope,
  WEBHOOK_TEST_EVENT_TYPE,
  ZApiError,
  ZOAuthError,
  ZTokenRequest,
  ZTokenResponse,
} from '@caudal/contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const SCHEMA_REF = '#/components/schemas/';
const SECURITY = [{ clientCredentials: [] }];

/**
 * The OpenAPI 3.1 description of the data API, generated from the routes' zod contracts (OpenAPI 3.1
 * schemas are JSON Schema 2020-12, which `z.toJSONSchema` writes). Named schemas (`.meta({ id })`)
 * become `components.schemas`; nothing here is written by hand but the prose.
 */
export function buildOpenApiDocument(routes: readonly DataApiContract[], version: string) {
  const components = new SchemaComponents();
  const paths: Record<string, Record<string, Operation>> = {};
  paths[DATA_API_TOKEN_PATH] = { post: tokenOperation(components) };
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    paths[path] ??= {};
    (paths[path] as Record<string, Operation>)[route.method.toLowerCase()] = routeOperation(
      route,
      components,
    );
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Caudal data API',
      version,
      description: [
        'Read a company’s wealth data with an API application’s credentials (created in the portal under',
        'Applications). Get a token from the token endpoint with OAuth 2.0 client credentials, then send it',
        `as \`Authorization: Bearer <token>\`. Tokens last ${DATA_API_TOKEN_LIFETIME_SECONDS} seconds; deleting the`,
        'application ends them at once. Requests are rate-limited per application and per company, all its',
        'applications together (429 with Retry-After).',
      ].join(' '),
    },
    servers: [{ url: '/' }],
    tags: [...new Set(['OAuth', ...routes.map((route) => route.tag)])].map((name) => ({ name })),
    paths,
    webhooks: webhookOperations(components),
    components: {
      schemas: components.all(),
      securitySchemes: {
        clientCredentials: {
          type: 'oauth2',
          description: 'OAuth 2.0 client credentials: the application’s client id and secret.',
          flows: { clientCredentials: { tokenUrl: DATA_API_TOKEN_PATH, scopes: {} } },
        },
        clientBasic: {
          type: 'http',
          scheme: 'basic',
          description: 'Client id and secret at the token endpoint (RFC 6749 §2.3.1).',
        },
      },
    },
  };
}

function routeOperation(route: DataApiContract, components: SchemaComponents): Operation {
  const parameters = [
    ...toParameters(route.params, 'path', components),
    ...toParameters(route.query, 'query', components),
  ];
  const errorCodes = [...new Set<ErrorCode>([...DATA_API_GENERIC_ERRORS, ...route.errors])];
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: SECURITY,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: components.toSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses: {
      [String(route.successStatus ?? 200)]: {
        description: route.successStatus === 202 ? 'Accepted' : 'OK',
        content: { 'application/json': { schema: components.toSchema(route.response, 'output') } },
      },
      ...errorResponses(errorCodes, components),
    },
  };
}

function errorResponses(codes: readonly ErrorCode[], components: SchemaComponents) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const schema = components.toSchema(ZApiError.meta({ id: 'Error' }), 'output');
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, statusCodes]) => [
        String(status),
        {
          description: `Error code ${statusCodes.join(', ')}`,
          ...(status === 429
            ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
            : {}),
          content: { 'application/json': { schema } },
        },
      ]),
  );
}

function toParameters(schema: z.ZodType, location: 'path' | 'query', components: SchemaComponents) {
  if (!(schema instanceof z.ZodObject)) throw new Error(`${location} parameters must be a zod object`);
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => {
    const { description, ...fieldSchema } = components.toSchema(field, 'input');
    return {
      name,
      in: location,
      required: location === 'path' || !field.safeParse(undefined).success,
      ...(typeof description === 'string' ? { description } : {}),
      schema: fieldSchema,
    };
  });
}

/**
 * OpenAPI 3.1 `webhooks`: what each event POSTs to an endpoint (Standard Webhooks), one entry per type
 * of the contract's list, so a type added there is documented here without a line of its own.
 */
function webhookOperations(components: SchemaComponents): Record<string, { post: Operation }> {
  const header = (name: string, description: string) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  });
  const parameters = [
    header('webhook-id', 'The event’s id (evt_…): the same on every retry and replay; drop duplicates by it'),
    header('webhook-timestamp', 'Seconds since the epoch when this attempt was signed'),
    header(
      'webhook-signature',
      'Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body`; two while a rotated secret overlaps',
    ),
  ];
  return Object.fromEntries(
    [...EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE].map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(/\W/g, '_')}`,
          summary: `Event ${type}`,
          description:
            'Signed per the Standard Webhooks specification with the endpoint’s secret (whsec_…). Answer 2xx ' +
            'within 10 s; anything else, a redirect or a timeout is retried with exponential back-off for 24 h.',
          parameters,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: components.toSchema(eventEnvelope(type), 'output') } },
          },
          responses: { '2XX': { description: 'Received' } },
        },
      },
    ]),
  );
}

function tokenOperation(components: SchemaComponents): Operation {
  const oauthError = { 'application/json': { schema: components.toSchema(ZOAuthError, 'output') } };
  return {
    operationId: 'createToken',
    tags: ['OAuth'],
    summary: 'Get an access token (OAuth 2.0 client credentials)',
    description:
      'RFC 6749 §4.4. Authenticate with HTTP Basic (client id and secret) or with client_id and client_secret in the form body, not both.',
    security: [{ clientBasic: [] }, {}],
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': { schema: components.toSchema(ZTokenRequest, 'input') },
      },
    },
    responses: {
      '200': {
        description: 'A bearer token for the data API',
        content: { 'application/json': { schema: components.toSchema(ZTokenResponse, 'output') } },
      },
      '400': { description: 'invalid_request, unsupported_grant_type, invalid_scope …', content: oauthError },
      '401': {
        description: 'invalid_client',
        headers: { 'WWW-Authenticate': { description: 'Basic realm', schema: { type: 'string' } } },
        content: oauthError,
      },
      '429': {
        description: 'Too many token requests',
        headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
        content: oauthError,
      },
    },
  };
}

/** Collects named schemas under components.schemas and points every reference there. */
class SchemaComponents {
  private readonly schemas = new Map<string, string>();

  toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const generated = z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
      reused: 'inline',
    }) as JsonSchema;
    const {
      $schema: _schema,
      $defs,
      ...root
    } = JSON.parse(JSON.stringify(generated).replaceAll('"#/$defs/', `"${SCHEMA_REF}`)) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    // A named schema (even the root) comes back as a `$ref` into `$defs`: those become components.
    for (const [name, definition] of Object.entries($defs ?? {})) this.add(name, definition);
    return root;
  }

  all(): Record<string, JsonSchema> {
    return Object.fromEntries(
      [...this.schemas.entries()].sort().map(([name, json]) => [name, JSON.parse(json)]),
    );
  }

  private add(name: string, definition: JsonSchema) {
    const json = JSON.stringify(definition);
    const existing = this.schemas.get(name);
    // Input and output views of one schema may differ (defaults): keep them apart rather than clash.
    if (existing !== undefined && existing !== json) {
      throw new Error(`Two different schemas are both named ${name} in the data API`);
    }
    this.schemas.set(name, json);
  }
}
