import { unmatched } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { countUnmatched } from './unmatched.repository';

export function registerUnmatchedCount(app: FastifyInstance) {
  registerCall(app, unmatched.unmatchedCount, ({ actor, db }) => countUnmatched(db, actor));
}
