import { platform } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/http/app-error';
import { registerCall } from '../../shared/http/register-call';
import { findIdentityRows } from './platform.repository';

export function registerMe(app: FastifyInstance) {
  registerCall(app, platform.me, async ({ actor, db }) => {
    const row = await findIdentityRows(db, actor);
    if (!row) throw new AppError('Unauthorized', 'The user no longer exists');
    return {
      user: { id: row.id, username: row.username, name: row.name, email: row.email, kind: row.kind },
      company: { id: row.companyId, name: row.companyName },
      modules: actor.modules,
      permissions: actor.permissions,
    };
  });
}
