import type { Application, CreatedApplication } from '@caudal/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/in-transaction';
import { AppError } from '../../shared/app-error';
import {
  generateClientId,
  generateClientSecret,
  hashClientSecret,
} from '../../shared/data-api/application-secrets';

/** The database's unique index on (company_id, lower(name)): the one arbiter of duplicate names. */
const NAME_KEY = 'applications_company_name_key';

export async function listApplications(db: Db, companyId: string): Promise<Application[]> {
  const rows = await db
    .selectFrom('applications')
    .select(['name', 'client_id', 'created_at'])
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    name: row.name,
    client_id: row.client_id,
    created_at: row.created_at.toISOString(),
  }));
}

/**
 * Creates the application with a fresh client id and secret. The secret is in the answer and nowhere
 * else: the row keeps its SHA-256 only. A company has at most `maxPerCompany` (each has its own
 * data-API budget): past it `TooManyApplications`. The company's row is locked for the count and the
 * insert, so concurrent creations cannot all pass the same count.
 */
export async function createApplication(
  db: Db,
  companyId: string,
  name: string,
  now: Date,
  maxPerCompany: number,
): Promise<CreatedApplication> {
  const clientSecret = generateClientSecret();
  try {
    const row = await inTransaction(db, async (trx) => {
      await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
      const counted = await trx
        .selectFrom('applications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      if (Number(counted.n) >= maxPerCompany) {
        throw new AppError('TooManyApplications', `A company may have at most ${maxPerCompany} applications`);
      }
      return trx
        .insertInto('applications')
        .values({
          company_id: companyId,
          name,
          client_id: generateClientId(),
          secret_hash: hashClientSecret(clientSecret),
          created_at: now,
        })
        .returning(['name', 'client_id', 'created_at'])
        .executeTakeFirstOrThrow();
    });
    return {
      name: row.name,
      client_id: row.client_id,
      created_at: row.created_at.toISOString(),
      client_secret: clientSecret,
    };
  } catch (error) {
    if (isUniqueViolation(error, NAME_KEY)) {
      throw new AppError('DuplicatedName', 'The company already has an application with this name');
    }
    throw error;
  }
}

/** False when the company has no application with this client id (another company's is not found). */
export async function deleteApplication(db: Db, companyId: string, clientId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('applications')
      .where('company_id', '=', companyId)
      .where('client_id', '=', clientId)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    // Its rate-limit counter names it; nothing will count under that key again.
    await trx.deleteFrom('rate_limits').where('key', '=', `data-api:${row.id}`).execute();
    return true;
  });
}
