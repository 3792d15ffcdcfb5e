import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { getCompanyLanguage } from './company-language';
import { scopeOf } from './team-scope';

export function registerGetCompanyLanguage(app: FastifyInstance) {
  registerCall(app, team.getCompanyLanguage, ({ actor }) => getCompanyLanguage(app.deps, scopeOf(actor)));
}
