import { links } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { noteAudit } from '../../shared/audit/audit-scope';
import { registerCall } from '../../shared/http/register-call';
import { mustFind, toFields } from './link-writes';
import { findLink, lockLinkFields, updateLink } from './links.repository';

export function registerEditLink(app: FastifyInstance) {
  registerCall(app, links.editLink, ({ input, actor, db, config, clock }) => {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      // The old values the audit event records, locked so they are the ones this edit replaces.
      const prior = await lockLinkFields(trx, actor.companyId, input.token);
      if (!prior) throw new AppError('NotFound', 'No such Link');
      if (input.expected && !isLinkAsExpected(prior, input.expected)) {
        throw new AppError('Conflict', 'The Link changed since the form loaded it');
      }
      const found = await updateLink(trx, {
        companyId: actor.companyId,
        token: input.token,
        fields: toFields(input),
        now,
      });
      if (!found) throw new AppError('NotFound', 'No such Link');
      const link = mustFind(await findLink(trx, config, actor.companyId, input.token, now));
      // The new values as stored (an omitted redirect URI is the default): unchanged fields are not recorded.
      noteAudit({
        previous: prior,
        next: {
          name: link.name,
          redirect_uri: link.redirect_uri,
          terms_and_conditions_url: link.terms_and_conditions_url,
          privacy_policy_url: link.privacy_policy_url,
        },
      });
      return link;
    });
  });
}

/** Whether the stored Link reads as the form saw it. */
function isLinkAsExpected(stored: links.LinkSnapshot, expected: links.LinkSnapshot): boolean {
  return (
    stored.name === expected.name &&
    stored.redirect_uri === expected.redirect_uri &&
    stored.terms_and_conditions_url === expected.terms_and_conditions_url &&
    stored.privacy_policy_url === expected.privacy_policy_url
  );
}
