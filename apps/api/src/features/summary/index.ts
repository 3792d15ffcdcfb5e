import type { FastifyInstance } from 'fastify';
import { registerDeleteCredentials } from './delete-credentials';
import { registerGetSummary } from './get-summary';

export function registerSummaryCalls(app: FastifyInstance) {
  registerGetSummary(app);
  registerDeleteCredentials(app);
}
