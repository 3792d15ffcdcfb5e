import { applications } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { createApplication } from './applications.repository';

/** The answer is the only place the client secret ever appears (never logged: pino redacts it). */
export function registerCreateApplication(app: FastifyInstance) {
  registerCall(app, applications.createApplication, ({ input, actor, db, config, clock }) =>
    createApplication(db, actor.companyId, input.name, clock(), config.applicationsMaxPerCompany),
  );
}
