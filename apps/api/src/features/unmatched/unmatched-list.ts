import { unmatched } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerListCall } from '../../shared/http/register-call';
import { listUnmatched } from './unmatched.repository';

export function registerUnmatchedList(app: FastifyInstance) {
  registerListCall(app, unmatched.unmatchedList, ({ input, actor, db }) =>
    listUnmatched(db, actor, 'pending', input ?? {}),
  );
}
