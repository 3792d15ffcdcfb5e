import { links } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { mustFind, toFields } from './link-writes';
import { findLink, insertLink } from './links.repository';

export function registerCreateLink(app: FastifyInstance) {
  registerCall(app, links.createLink, ({ input, actor, db, config, clock }) => {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const token = await insertLink(trx, {
        companyId: actor.companyId,
        createdBy: actor.userId,
        fields: toFields(input),
        now,
      });
      return mustFind(await findLink(trx, config, actor.companyId, token, now));
    });
  });
}
