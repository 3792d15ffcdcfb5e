import { links } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { setActiveAndRead } from './link-writes';

export function registerResumeLink(app: FastifyInstance) {
  registerCall(app, links.resumeLink, ({ input, actor, db, config, clock }) =>
    setActiveAndRead({ db, config, clock }, actor.companyId, input.token, true),
  );
}
