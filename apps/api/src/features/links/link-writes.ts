import type { links, ParsedRequestOf } from '@caudal/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { findLink, type LinkFields, setLinkActive } from './links.repository';

/**
 * What the staff screens' writes share. Each write and its read-back are one transaction: a read that
 * fails rolls the write back, so the retry neither meets its own name as a duplicate nor finds the Link
 * already paused.
 */
export const toFields = (input: ParsedRequestOf<typeof links.createLink>): LinkFields => ({
  name: input.name,
  redirectUri: input.redirect_uri,
  termsUrl: input.terms_and_conditions_url,
  privacyUrl: input.privacy_policy_url,
});

/** A Link just written and gone by the next statement was deleted concurrently: not found. */
export function mustFind<T>(link: T | null): T {
  if (!link) throw new AppError('NotFound', 'The Link is gone');
  return link;
}

/** Pauses or resumes one of the company's Links and answers it as it now is. */
export function setActiveAndRead(
  { db, config, clock }: { db: Db; config: Config; clock: Clock },
  companyId: string,
  token: string,
  active: boolean,
) {
  const now = clock();
  return db.transaction().execute(async (trx) => {
    await setLinkActive(trx, { companyId, token, active, now });
    return mustFind(await findLink(trx, config, companyId, token, now));
  });
}
