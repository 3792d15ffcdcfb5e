import { portals } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { hashPassword } from '../../shared/auth/passwords';
import { registerCall } from '../../shared/http/register-call';
import { insertPortalUser, isUsernameTaken } from './portals.repository';

export function registerCreatePortal(app: FastifyInstance) {
  registerCall(app, portals.createPortal, async ({ input, actor, db, config, clock }) => {
    // A cheap early answer that spares the argon2 cost; the unique index stays the arbiter under races.
    if (await isUsernameTaken(db, actor, input.username)) {
      throw new AppError('DuplicatedUsername', 'The company already has a user with that username');
    }
    // Hashed before the transaction: argon2 is slow and the transaction should hold its locks briefly.
    const passwordHash = await hashPassword(input.password, config.passwordHashing);
    return insertPortalUser(
      db,
      actor,
      {
        username: input.username,
        email: input.email,
        name: input.name,
        passwordHash,
        clientIds: input.client_ids,
      },
      clock(),
    );
  });
}
