import type { FastifyInstance } from 'fastify';
import { registerDeleteCredentials } from './delete-credentials';
import { registerGetConsentCounts, registerGetSummary } from './get-summary';

export function registerSummaryCalls(app: FastifyInstance) {
  registerGetSummary(app);
  registerGetConsentCounts(app);
  registerDeleteCredentials(app);
}
