import { platform } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';

/** The guard already read the user and company with the session: the identity costs no query. */
export function registerMe(app: FastifyInstance) {
  registerCall(app, platform.me, ({ actor }) => ({
    user: {
      id: actor.userId,
      username: actor.profile.username,
      name: actor.profile.name,
      email: actor.profile.email,
      kind: actor.kind,
      role: actor.role,
    },
    company: { id: actor.companyId, name: actor.profile.companyName },
    modules: actor.modules,
    permissions: actor.permissions,
  }));
}
