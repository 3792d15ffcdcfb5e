import { platform } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { listEntities } from './platform.repository';

export function registerListEntities(app: FastifyInstance) {
  registerCall(app, platform.listEntities, ({ db }) => listEntities(db));
}
