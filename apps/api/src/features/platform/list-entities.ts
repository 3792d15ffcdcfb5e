import { platform } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { findListedEntities } from '../../shared/entity-catalogue';
import { registerCall } from '../../shared/http/register-call';

export function registerListEntities(app: FastifyInstance) {
  registerCall(app, platform.listEntities, ({ db }) => findListedEntities(db));
}
