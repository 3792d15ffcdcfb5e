import { platform } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { isDatabaseUp } from './platform.repository';

/** Liveness: answers as long as the process serves HTTP. It never waits on the database. */
export function registerHealth(app: FastifyInstance) {
  registerPublicCall(
    app,
    platform.health,
    ({ config }) => ({ status: 'ok', version: config.version }) as const,
  );
}

/** Readiness: the database answers `select 1` within READY_TIMEOUT_MS, or 503 with the same shape. */
export function registerReady(app: FastifyInstance) {
  registerPublicCall(app, platform.ready, async ({ db, config, reply }) => {
    const isUp = await isDatabaseUp(db, config.readyTimeoutMs);
    if (!isUp) reply.code(503);
    return {
      status: isUp ? 'ok' : 'error',
      database: isUp ? 'up' : 'down',
      version: config.version,
    } as const;
  });
}
