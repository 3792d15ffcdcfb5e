import { team } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { setCompanyLanguage } from './company-language';
import { scopeOf } from './team-scope';

export function registerSetCompanyLanguage(app: FastifyInstance) {
  registerCall(app, team.setCompanyLanguage, ({ input, actor }) =>
    setCompanyLanguage(app.deps, scopeOf(actor), input),
  );
}
