import type { FastifyInstance } from 'fastify';
import { registerOpenApiRoute } from './openapi-route';
import { registerReferencePage } from './reference-page';
import { registerTokenEndpoint } from './token-endpoint';

/** The data API's own routes: its token endpoint, OpenAPI description and reference page. */
export function registerDataApiCalls(app: FastifyInstance) {
  registerTokenEndpoint(app);
  registerOpenApiRoute(app);
  registerReferencePage(app);
}
