import type { FastifyInstance } from 'fastify';
import { registerHealth, registerReady } from './health';
import { registerListEntities } from './list-entities';
import { registerMe } from './me';
import { registerRuntimeConfig } from './runtime-config';

export function registerPlatformCalls(app: FastifyInstance) {
  registerMe(app);
  registerListEntities(app);
  registerHealth(app);
  registerReady(app);
  registerRuntimeConfig(app);
}
