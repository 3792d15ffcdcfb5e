import type { FastifyInstance } from 'fastify';
import { registerInvitationCalls } from './invitation-calls';
import { registerTeamCalls } from './team-calls';

export * from './team';

export function registerTeamFeature(app: FastifyInstance) {
  registerTeamCalls(app);
  registerInvitationCalls(app);
}
