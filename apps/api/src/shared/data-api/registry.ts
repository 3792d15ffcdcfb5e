import type { DataApiContract } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';

/** Every data-API route registered on an app, in order: the OpenAPI generator's source. */
const registries = new WeakMap<FastifyInstance, DataApiContract[]>();

export function listDataApiRoutes(app: FastifyInstance): readonly DataApiContract[] {
  return registries.get(app) ?? [];
}

export function recordDataApiRoute(app: FastifyInstance, contract: DataApiContract) {
  const routes = registries.get(app) ?? [];
  if (routes.some((route) => route.operationId === contract.operationId)) {
    throw new Error(`Two data-API routes are named ${contract.operationId}`);
  }
  routes.push(contract);
  registries.set(app, routes);
}
