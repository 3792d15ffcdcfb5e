import { links, type ParsedRequestOf } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall, registerListCall } from '../../shared/http/register-call';
import {
  deleteLink,
  findLink,
  findLinks,
  insertLink,
  type LinkFields,
  setLinkActive,
  updateLink,
} from './links.repository';

const toFields = (input: ParsedRequestOf<typeof links.createLink>): LinkFields => ({
  name: input.name,
  redirectUri: input.redirect_uri,
  termsUrl: input.terms_and_conditions_url,
  privacyUrl: input.privacy_policy_url,
});

/** The staff screens' calls: list, create, edit, pause, resume, delete. Every one is the company's own. */
export function registerLinkCalls(app: FastifyInstance) {
  registerListCall(app, links.listLinks, ({ input, actor, db, config, clock }) =>
    findLinks(db, config, actor.companyId, input ?? {}, clock()),
  );

  // Each write and its read-back are one transaction: a read that fails rolls the write back, so the
  // retry neither meets its own name as a duplicate nor finds the Link already paused.
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

  for (const [contract, active] of [
    [links.pauseLink, false],
    [links.resumeLink, true],
  ] as const) {
    registerCall(app, contract, ({ input, actor, db, config, clock }) => {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        await setLinkActive(trx, { companyId: actor.companyId, token: input.token, active, now });
        return mustFind(await findLink(trx, config, actor.companyId, input.token, now));
      });
    });
  }

  registerCall(app, links.deleteLink, async ({ input, actor, db, clock }) => {
    await deleteLink(db, { companyId: actor.companyId, token: input.token, now: clock() });
    return { success: true as const };
  });
}

/** A Link just written and gone by the next statement was deleted concurrently: not found. */
function mustFind<T>(link: T | null): T {
  if (!link) throw new AppError('NotFound', 'The Link is gone');
  return link;
}
