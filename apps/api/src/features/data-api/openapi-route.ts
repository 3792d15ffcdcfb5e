import { DATA_API_OPENAPI_PATH } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { listDataApiRoutes } from '../../shared/data-api/registry';
import { buildOpenApiDocument } from './openapi';

/** The data API's contract version (v1 in its paths); additive changes bump the minor. */
const DATA_API_VERSION = '1.0.0';

/** Generated on first request, when every feature has registered its routes, then kept. */
export function registerOpenApiRoute(app: FastifyInstance) {
  let document: ReturnType<typeof buildOpenApiDocument> | null = null;
  app.get(DATA_API_OPENAPI_PATH, async () => {
    document ??= buildOpenApiDocument(listDataApiRoutes(app), DATA_API_VERSION);
    return document;
  });
}
