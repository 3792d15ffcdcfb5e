import { applications } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { listApplications } from './applications.repository';

export function registerListApplications(app: FastifyInstance) {
  registerCall(app, applications.listApplications, ({ actor, db, clock }) =>
    listApplications(db, actor.companyId, clock()),
  );
}
