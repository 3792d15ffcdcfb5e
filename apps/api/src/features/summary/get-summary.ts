import { summary } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { countConsents, findSummary } from './summary.repository';

export function registerGetSummary(app: FastifyInstance) {
  registerCall(app, summary.getSummary, ({ actor, db, clock }) => findSummary(db, actor, clock()));
}

export function registerGetConsentCounts(app: FastifyInstance) {
  registerCall(app, summary.getConsentCounts, ({ actor, db, clock }) =>
    countConsents(db, actor.companyId, clock()),
  );
}
