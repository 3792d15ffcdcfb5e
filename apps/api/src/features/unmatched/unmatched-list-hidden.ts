import { unmatched } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerListCall } from '../../shared/http/register-call';
import { listUnmatched } from './unmatched.repository';

export function registerUnmatchedListHidden(app: FastifyInstance) {
  registerListCall(app, unmatched.unmatchedListHidden, ({ input, actor, db }) =>
    listUnmatched(db, actor, 'hidden', input ?? {}),
  );
}
