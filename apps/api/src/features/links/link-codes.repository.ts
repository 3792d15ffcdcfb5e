import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { LinkCodesTable } from '../../db/schema';

/**
 * The Link a visitor's code is for, share-locked: a concurrent delete waits for the code's transaction
 * and then sees the pending code.
 */
export async function findLinkForCode(trx: Db, input: { linkId: string; companyId: string }) {
  // Locks the Link alone; a company that lost the links module meanwhile issues no code (NotFound).
  return trx
    .selectFrom('links')
    .innerJoin('companies', 'companies.id', 'links.company_id')
    .select(['links.redirect_uri', 'links.active', 'links.token'])
    .where('links.id', '=', input.linkId)
    .where('links.company_id', '=', input.companyId)
    .where(sql<boolean>`'links' = any(companies.modules)`)
    .forShare('links')
    .executeTakeFirst();
}

/** The credentials token a code will unlock (for its event: ids only, never the code). */
export async function findCredentialsTokenOf(trx: Db, credentialsId: string): Promise<string> {
  const row = await trx
    .selectFrom('credentials')
    .select('token')
    .where('id', '=', credentialsId)
    .executeTakeFirstOrThrow();
  return row.token;
}

export async function insertLinkCode(trx: Db, values: Insertable<LinkCodesTable>): Promise<void> {
  await trx.insertInto('link_codes').values(values).execute();
}

/** Issued, unspent and unexpired. */
export async function isLinkCodeLive(db: Db, codeHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('link_codes')
    .select('code_hash')
    .where('code_hash', '=', codeHash)
    .where('spent_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * One conditional UPDATE … RETURNING: of two concurrent spends exactly one gets the row. Undefined when
 * the code is unknown to this company, spent or expired.
 */
export async function markLinkCodeSpent(db: Db, input: { companyId: string; codeHash: string; now: Date }) {
  return db
    .updateTable('link_codes')
    .set({ spent_at: input.now })
    .where('code_hash', '=', input.codeHash)
    .where('company_id', '=', input.companyId)
    .where('spent_at', 'is', null)
    .where('expires_at', '>', input.now)
    .returning(['credentials_id', 'link_id', 'state'])
    .executeTakeFirst();
}

/** What a spent code unlocks: its credential and its Link, within the company. */
export async function findLinkCodeConnection(
  db: Db,
  input: { companyId: string; credentialsId: string; linkId: string },
) {
  return db
    .selectFrom('credentials')
    .innerJoin('links', (join) => join.on('links.id', '=', input.linkId))
    .select([
      'credentials.token as credentials_token',
      'credentials.entity_id',
      'credentials.client_id',
      'credentials.created_at',
      'links.token as link_token',
      'links.name as link_name',
    ])
    .where('credentials.id', '=', input.credentialsId)
    .where('credentials.company_id', '=', input.companyId)
    .executeTakeFirst();
}
