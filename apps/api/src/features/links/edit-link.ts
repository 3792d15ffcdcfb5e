import { links } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { mustFind, toFields } from './link-writes';
import { findLink, updateLink } from './links.repository';

export function registerEditLink(app: FastifyInstance) {
  registerCall(app, links.editLink, ({ input, actor, db, config, clock }) => {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const found = await updateLink(trx, {
        companyId: actor.companyId,
        token: input.token,
        fields: toFields(input),
        now,
      });
      if (!found) throw new AppError('NotFound', 'No such Link');
      return mustFind(await findLink(trx, config, actor.companyId, input.token, now));
    });
  });
}
