import { platform } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { isDatabaseUp } from './platform.repository';

export function registerHealth(app: FastifyInstance) {
  registerPublicCall(app, platform.health, async ({ db, config, reply }) => {
    const isUp = await isDatabaseUp(db);
    if (!isUp) reply.code(503);
    return {
      status: isUp ? 'ok' : 'error',
      database: isUp ? 'up' : 'down',
      version: config.version,
    } as const;
  });
}
