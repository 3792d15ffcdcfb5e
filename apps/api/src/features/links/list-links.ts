import { links } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerListCall } from '../../shared/http/register-call';
import { findLinks } from './links.repository';

/** The staff screens' calls (list, create, edit, pause, resume, delete): every one is the company's own. */
export function registerListLinks(app: FastifyInstance) {
  registerListCall(app, links.listLinks, ({ input, actor, db, config, clock }) =>
    findLinks(db, config, actor.companyId, input ?? {}, clock()),
  );
}
